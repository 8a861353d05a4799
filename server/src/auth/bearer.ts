import type { FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors';
import { IdentityProviderUnavailableError, InvalidAccessTokenError, type TokenUser } from '../identity';

/** The user an access token speaks for (username lower-cased by the identity module). */
export type VerifiedToken = TokenUser;

/** The answer while the identity provider cannot be reached: nobody's token can be checked, so 503. */
export const identityProviderUnavailable = () =>
  new ApiError(
    503,
    'De aanmeldservice is op dit moment niet bereikbaar, dus je aanmelding kan niet worden gecontroleerd. Probeer het over een paar minuten opnieuw.',
  );

/**
 * Verifies the request's `Authorization: Bearer …` access token with the identity module (signature via
 * JWKS, issuer, audience, expiry, the API's scope, the console as client). A rejected token is a 401
 * (the reason is logged, never sent); an unreachable provider a 503.
 */
export async function authenticate(request: FastifyRequest): Promise<VerifiedToken> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized('Er is geen toegangstoken meegestuurd. Log in.');
  try {
    return await request.server.identity.verifyAccessToken(match[1]);
  } catch (error) {
    if (error instanceof IdentityProviderUnavailableError) {
      request.log.warn(
        { reason: error.message, cause: describeCause(error.cause) },
        'identity provider unavailable',
      );
      throw identityProviderUnavailable();
    }
    if (!(error instanceof InvalidAccessTokenError)) throw error;
    request.log.info({ reason: error.message }, 'access token rejected');
    throw unauthorized('Het toegangstoken is ongeldig of verlopen. Log opnieuw in.');
  }
}

/**
 * onRequest hook for authenticated routes outside the environment scope: runs before the body is parsed
 * and validated (so a missing token is a 401, not a 400) and keeps the result in `request.accessToken`.
 */
export async function requireAccessToken(request: FastifyRequest): Promise<void> {
  request.accessToken ??= await authenticate(request);
}

function describeCause(cause: unknown): string | undefined {
  return cause instanceof Error ? cause.message : cause === undefined ? undefined : String(cause);
}
