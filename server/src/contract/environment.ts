import { Type, type Static } from '@sinclair/typebox';
import { Text, Uuid } from './common';

/** GET /api/1/environment/info (no auth): where and how the console signs in. */
export const EnvironmentInfo = Type.Object({
  id: Type.String({ format: 'uuid', description: "The platform's default environment." }),
  clientId: Type.String({ description: "The console's client id at the identity provider." }),
  authority: Type.String({ description: 'The identity provider (OpenID Connect issuer) to sign in with.' }),
  apiScope: Type.String({ description: 'The scope to request for API calls (next to User.Read).' }),
  protocol: Type.Optional(
    Type.Union([Type.Literal('entra'), Type.Literal('oidc')], {
      description:
        'Extension: how the console signs in. `entra`: one resource per token (the extra scopes are consented at sign-in only); `oidc`: a generic provider.',
    }),
  ),
  extraScopes: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'Extension: scopes asked at sign-in next to the API scope (IDENTITY_EXTRA_SCOPES; `User.Read` for Entra ID). Absent: `User.Read`.',
    }),
  ),
  cdnBase: Type.String({ description: 'Base of image URLs: {cdnBase}/{environmentId}/{fileId}{extension}.' }),
  mailCatcher: Type.Optional(
    Type.Boolean({
      description:
        'Extension: true when the embedded mail catcher keeps what is sent (outside production, no SMTP_URL); the console then shows /mail/.',
    }),
  ),
});
export type EnvironmentInfo = Static<typeof EnvironmentInfo>;

/** POST /api/1/users body: registers the signed-in user (created on first sign-in). */
export const RegisterUserBody = Type.Object({
  environmentId: Uuid,
  username: Text({
    minLength: 1,
    maxLength: 320,
    description: "Must equal the access token's username.",
  }),
});
export type RegisterUserBody = Static<typeof RegisterUserBody>;

/** POST /api/1/users answers the user's id as a bare JSON string. */
export const UserId = Type.String({ format: 'uuid', description: 'The userId.' });
export type UserId = Static<typeof UserId>;

export const AvailableEnvironmentsParams = Type.Object({ environmentId: Uuid });
export const AvailableEnvironmentsQuery = Type.Object({ userId: Uuid });

/** One entry of GET /api/1/environments/environment/{environmentId}/available. */
export const AvailableEnvironment = Type.Object({
  environment: Type.Object({ id: Uuid, name: Type.String() }),
  theme: Type.Union([Type.Object({ fileIdToLogo: Type.Union([Uuid, Type.Null()]) }), Type.Null()], {
    description: 'Null when the environment has no theme yet (the console then shows onboarding).',
  }),
});
export type AvailableEnvironment = Static<typeof AvailableEnvironment>;

export const AvailableEnvironments = Type.Array(AvailableEnvironment);
export type AvailableEnvironments = Static<typeof AvailableEnvironments>;
