import type { Adapter, AdapterFactory } from 'oidc-provider';

/**
 * How long a rotated refresh token may still be presented, in seconds. The console's refresh token
 * rotates on every renewal, and oidc-provider treats a rotated token presented again as stolen: it
 * revokes the whole sign-in. But a tab that reloads or closes while its renewal is under way never
 * stores the new token, and its next renewal presents the old one. Within this grace that is a renewal
 * like any other; after it, reuse still revokes. (Okta calls this the grace period, Auth0 the reuse
 * interval; Entra ID does not revoke on reuse at all.)
 */
export const refreshTokenReuseGraceSeconds = 30;

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The provider's storage with the reuse grace on refresh tokens. The storage must keep the time of a
 * token's first use when it is used again (`databaseStorage` does), so the grace is never extended.
 */
export function withRefreshTokenReuseGrace(
  storage: AdapterFactory,
  graceSeconds = refreshTokenReuseGraceSeconds,
  now: () => number = epochSeconds,
): AdapterFactory {
  return (model) => {
    const stored = storage(model);
    return model === 'RefreshToken' ? hideRecentRotation(stored, graceSeconds, now) : stored;
  };
}

function hideRecentRotation(stored: Adapter, graceSeconds: number, now: () => number): Adapter {
  return {
    upsert: (id, payload, expiresIn) => stored.upsert(id, payload, expiresIn),
    findByUid: (uid) => stored.findByUid(uid),
    findByUserCode: (userCode) => stored.findByUserCode(userCode),
    consume: (id) => stored.consume(id),
    destroy: (id) => stored.destroy(id),
    revokeByGrantId: (grantId) => stored.revokeByGrantId(grantId),
    async find(id) {
      const payload = await stored.find(id);
      const consumedAt = payload?.consumed;
      if (!payload || typeof consumedAt !== 'number' || now() - consumedAt > graceSeconds) return payload;
      // Rotated moments ago: the provider sees an unused token, so it renews (and rotates) once more.
      const stillUsable = { ...payload };
      delete stillUsable.consumed;
      return stillUsable;
    },
  };
}
