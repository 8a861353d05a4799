import { decodeJwt } from 'jose';
import type { TokenUser } from './accessTokenVerifier';

/** How many verified tokens are kept; past it the oldest is forgotten (and verified again if it returns). */
const maxRemembered = 10_000;

/**
 * Remembers the tokens `verify` accepted until they expire, so a console that sends the same bearer
 * token with every call pays the signature check once, not per request (about a tenth of the CPU of a
 * 250-row page, docs/performance.md). Only for keys that cannot disappear while the server runs (the
 * embedded provider's own): a token stays accepted until its `exp`, exactly when the full check would
 * have refused it (`exp` ≤ now). Refusals are not remembered.
 */
export function rememberVerifiedTokens(
  verify: (token: string) => Promise<TokenUser>,
  // Date.now looked up at each call, as jose's own expiry check does: a test that moves the clock
  // (vi.setSystemTime) moves both.
  now: () => number = () => Date.now(),
): (token: string) => Promise<TokenUser> {
  const remembered = new Map<string, { user: TokenUser; expiresAt: number }>();
  return async (token) => {
    const known = remembered.get(token);
    const nowSeconds = Math.floor(now() / 1000);
    if (known && nowSeconds < known.expiresAt) return known.user;
    if (known) remembered.delete(token);
    const user = await verify(token);
    const { exp } = decodeJwt(token); // verify required and checked it
    if (typeof exp === 'number') {
      if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value as string);
      remembered.set(token, { user, expiresAt: exp });
    }
    return user;
  };
}
