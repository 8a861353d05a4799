import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** The user an access token speaks for. */
export interface TokenUser {
  /** Lower-cased e-mail address / UPN: the platform's username (may change at the provider). */
  username: string;
  name?: string;
  /** The token's `sub`. */
  subject: string;
  /**
   * The provider's stable key for this person: Entra ID's tenant and object id (`tid` + `oid`), else
   * issuer + `sub`. Users are matched by it; the username only claims an invited account once.
   */
  identity: { issuer: string; subject: string };
  /** The object id an operator may name the person by (Entra `oid`, else `sub`), lower-cased. */
  objectId: string;
  /** The lower-cased `email` claim, when the token has one (to claim an account invited by e-mail). */
  email?: string;
  /** App roles (`roles` claim), e.g. the platform-administrator role. */
  roles: string[];
}

/** The token is not acceptable (bad signature, issuer, audience, scope, client, expired, no user): answer 401. */
export class InvalidAccessTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidAccessTokenError';
  }
}

/** The provider's keys cannot be fetched (its discovery or key endpoint is down): answer 503, not 401 or 500. */
export class IdentityProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityProviderUnavailableError';
  }
}

export interface AccessTokenRules {
  /** The provider's signing keys (a local set or its remote jwks_uri). */
  keySet: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  /** The JOSE `typ` header required, e.g. `at+jwt` (RFC 9068); Entra ID's tokens say plain `JWT`, so optional. */
  tokenType?: string;
  /** The API's scope: its full name (api://…/access_as_user); the token's `scp` or `scope` must grant it. */
  apiScope: string;
  /** The console's client id: `azp`, `appid` or `client_id`, where the token has one, must equal it. */
  clientId: string;
  /** Names the issuer in the stable identity key (the embedded provider's is fixed, its URL may move). */
  identityIssuer?: string;
}

/** Asymmetric algorithms only: an `HS256` token signed with a public key as secret must never pass. */
const acceptedAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];

/** Claims that carry the username, in order of preference: OIDC, Entra ID v1 (`upn`, `unique_name`), plain e-mail. */
const usernameClaims = ['preferred_username', 'upn', 'email', 'unique_name'] as const;

/** Claims naming the client the token was issued to: OIDC / Entra v2, Entra v1, RFC 9068. */
const clientClaims = ['azp', 'appid', 'client_id'] as const;

/**
 * Verifies signature, issuer, audience, expiry (and type) of a bearer JWT, that it grants the API's scope
 * and was issued to the console, and names its user.
 */
export async function verifyJwtAccessToken(token: string, rules: AccessTokenRules): Promise<TokenUser> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, rules.keySet, {
      issuer: rules.issuer,
      audience: rules.audience,
      typ: rules.tokenType,
      algorithms: acceptedAlgorithms,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    // A key endpoint that times out or cannot be reached is the provider's problem, not the token's.
    if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
      throw new InvalidAccessTokenError(`access token rejected: ${error.code}`, { cause: error });
    }
    throw new IdentityProviderUnavailableError('the identity provider could not be reached', {
      cause: error,
    });
  }
  assertGrantsApiScope(payload, rules.apiScope);
  assertIssuedToConsole(payload, rules.clientId);
  const username = usernameClaims
    .map((claim) => payload[claim])
    .find((value) => typeof value === 'string' && value.trim());
  if (typeof username !== 'string') throw new InvalidAccessTokenError('access token names no user');
  const subject = payload.sub as string;
  const tenantId = stringClaim(payload, 'tid');
  const objectId = stringClaim(payload, 'oid');
  const identity =
    tenantId && objectId
      ? { issuer: `entra:${tenantId.toLowerCase()}`, subject: objectId.toLowerCase() }
      : { issuer: rules.identityIssuer ?? rules.issuer, subject };
  const email = stringClaim(payload, 'email')?.toLowerCase();
  return {
    username: username.trim().toLowerCase(),
    name: stringClaim(payload, 'name'),
    subject,
    identity,
    objectId: (objectId ?? subject).toLowerCase(),
    ...(email && { email }),
    roles: Array.isArray(payload.roles)
      ? payload.roles.filter((role): role is string => typeof role === 'string')
      : [],
  };
}

/**
 * A token for the API must carry its scope: Entra ID writes the short name in `scp`
 * (`access_as_user`), OAuth providers the full name in `scope`. Space-separated either way.
 */
function assertGrantsApiScope(payload: JWTPayload, apiScope: string): void {
  const shortName = apiScope.slice(apiScope.lastIndexOf('/') + 1);
  const granted = [payload.scp, payload.scope]
    .flatMap((claim) => (typeof claim === 'string' ? claim.split(' ') : Array.isArray(claim) ? claim : []))
    .filter((scope): scope is string => typeof scope === 'string');
  if (!granted.includes(apiScope) && !granted.includes(shortName)) {
    throw new InvalidAccessTokenError('access token does not grant the API scope');
  }
}

/** Where the token names the client it was issued to, it must be the console (not another app of the tenant). */
function assertIssuedToConsole(payload: JWTPayload, clientId: string): void {
  for (const claim of clientClaims) {
    const value = payload[claim];
    if (value !== undefined && value !== clientId) {
      throw new InvalidAccessTokenError(`access token was issued to another client (${claim})`);
    }
  }
}

function stringClaim(payload: JWTPayload, claim: string): string | undefined {
  const value = payload[claim];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
