import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** The user an access token speaks for. */
export interface TokenUser {
  /** Lower-cased e-mail address / UPN: the platform's username. */
  username: string;
  name?: string;
  subject: string;
}

/** The token is not acceptable (bad signature, issuer, audience, type, expired, no username): answer 401. */
export class InvalidAccessTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidAccessTokenError';
  }
}

export interface AccessTokenRules {
  /** The provider's signing keys (a local set or its remote jwks_uri). */
  keySet: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  /** The JOSE `typ` header required, e.g. `at+jwt` (RFC 9068); Entra ID's tokens say plain `JWT`, so optional. */
  tokenType?: string;
}

/** Asymmetric algorithms only: an `HS256` token signed with a public key as secret must never pass. */
const acceptedAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];

/** Claims that carry the username, in order of preference: OIDC, Entra ID v1 (`upn`, `unique_name`), plain e-mail. */
const usernameClaims = ['preferred_username', 'upn', 'email', 'unique_name'] as const;

/** Verifies signature, issuer, audience, expiry (and type) of a bearer JWT and names its user. */
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
    // A JWKS endpoint that times out is the server's problem, not the token's.
    if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
      throw new InvalidAccessTokenError(`access token rejected: ${error.code}`, { cause: error });
    }
    throw error;
  }
  const username = usernameClaims
    .map((claim) => payload[claim])
    .find((value) => typeof value === 'string' && value.trim());
  if (typeof username !== 'string') throw new InvalidAccessTokenError('access token names no user');
  return {
    username: username.trim().toLowerCase(),
    name: typeof payload.name === 'string' && payload.name ? payload.name : undefined,
    subject: payload.sub as string,
  };
}
