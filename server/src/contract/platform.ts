import { Type, type Static } from '@sinclair/typebox';
import { Text, Uuid } from './common';

/** One environment as platform administrators see it (GET /api/1/platform/environments, extension). */
export const PlatformEnvironment = Type.Object({
  id: Uuid,
  name: Type.String(),
  isDefault: Type.Boolean({ description: 'The environment GET /api/1/environment/info answers.' }),
  memberCount: Type.Integer({ minimum: 0 }),
  theme: Type.Union([Type.Object({ name: Type.String(), primaryColor: Type.String() }), Type.Null()]),
});
export type PlatformEnvironment = Static<typeof PlatformEnvironment>;

export const PlatformEnvironments = Type.Array(PlatformEnvironment);

/** POST /api/1/platform/environments: a new environment with its theme (so nobody lands in onboarding). */
export const CreateEnvironmentBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 100 }),
  themeName: Type.Optional(
    Text({ minLength: 1, maxLength: 100, description: "Defaults to the environment's name." }),
  ),
  primaryColor: Type.Optional(
    Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'CSS hex colour #rrggbb; default #1f5fa8.' }),
  ),
});
export type CreateEnvironmentBody = Static<typeof CreateEnvironmentBody>;

/** `id`: the environment being managed (under the console's scope `environmentId` is the caller's own). */
export const PlatformEnvironmentParams = { id: Uuid };
export const PlatformMemberParams = { id: Uuid, userId: Uuid };

/** A member of an environment. `signedIn` is false until the person's first sign-in claims the invitation. */
export const PlatformMember = Type.Object({
  id: Uuid,
  username: Type.String({ description: 'E-mail address (or the object id the invitation named).' }),
  name: Type.Union([Type.String(), Type.Null()]),
  signedIn: Type.Boolean(),
});
export type PlatformMember = Static<typeof PlatformMember>;

export const PlatformMembers = Type.Array(PlatformMember);

/** POST …/members: invite by e-mail address or by the identity provider's object id (exactly one). */
export const AddMemberBody = Type.Object({
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' })),
  objectId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[^\\s@]+$',
      description: "Entra ID's object id (oid), or another provider's `sub`.",
    }),
  ),
});
export type AddMemberBody = Static<typeof AddMemberBody>;

/** GET /api/1/platform/me: whether the caller may use the platform administration. */
export const PlatformRole = Type.Object({ platformAdmin: Type.Boolean() });
export type PlatformRole = Static<typeof PlatformRole>;
