import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, Text, Uuid } from './common';
import { MemberRole, memberRoles } from './memberRoles';

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
  role: MemberRole,
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
  role: Type.Optional(
    StringEnum(memberRoles, { description: 'administrator when absent; a member added again keeps theirs.' }),
  ),
});
export type AddMemberBody = Static<typeof AddMemberBody>;

/** PUT …/members/{userId}: the member's role in the environment. */
export const SetMemberRoleBody = Type.Object({ role: MemberRole });
export type SetMemberRoleBody = Static<typeof SetMemberRoleBody>;

/**
 * GET /api/1/platform/me: whether the caller may use the platform administration; under the
 * environment scope (GET /api/1/{environmentId}/platform/me) also the caller's role there.
 */
export const PlatformRole = Type.Object({
  platformAdmin: Type.Boolean(),
  role: Type.Optional(
    StringEnum(memberRoles, { description: "The caller's role in {environmentId} (the scoped call only)." }),
  ),
});
export type PlatformRole = Static<typeof PlatformRole>;
