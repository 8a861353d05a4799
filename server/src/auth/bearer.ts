import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { InvalidAccessTokenError, type TokenUser } from '../identity';

/** The user an access token speaks for (username lower-cased by the identity module). */
export type VerifiedToken = TokenUser;

/**
 * Verifies the request's `Authorization: Bearer …` access token with the identity module (signature via
 * JWKS, issuer, audience, expiry). A rejected token is a 401; the reason is logged, never sent.
 */
export async function authenticate(request: FastifyRequest): Promise<VerifiedToken> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized('Er is geen toegangstoken meegestuurd. Log in.');
  try {
    return await request.server.identity.verifyAccessToken(match[1]);
  } catch (error) {
    // Anything else (e.g. the provider's key endpoint is down) is the server's problem: a 500, not a 401.
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
  request.accessToken = await authenticate(request);
}
