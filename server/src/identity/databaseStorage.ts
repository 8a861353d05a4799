import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { identityArtifacts } from '../db/schema';

/** Expired artifacts are swept at most this often, from a write: no timer to stop at shutdown. */
const sweepIntervalMs = 10 * 60 * 1000;

/**
 * oidc-provider's storage in the platform's database (PGlite or PostgreSQL): sessions, grants and refresh
 * tokens survive a restart of the server (and of `npm run dev`'s watcher), so nobody is signed out by one.
 */
export function databaseStorage(db: Database, now: () => number = Date.now): AdapterFactory {
  let lastSweep = 0;
  async function sweepExpired(): Promise<void> {
    if (now() - lastSweep < sweepIntervalMs) return;
    lastSweep = now();
    await db.delete(identityArtifacts).where(lt(identityArtifacts.expiresAt, new Date(now())));
  }

  return (model): Adapter => {
    const of = (id: string) => and(eq(identityArtifacts.model, model), eq(identityArtifacts.id, id));

    async function findLive(condition: SQL | undefined): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: identityArtifacts.payload, consumedAt: identityArtifacts.consumedAt })
        .from(identityArtifacts)
        .where(
          and(
            eq(identityArtifacts.model, model),
            condition,
            or(isNull(identityArtifacts.expiresAt), gt(identityArtifacts.expiresAt, new Date(now()))),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider reads `consumed` (epoch seconds) to refuse a code or refresh token used before.
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const columns = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: typeof expiresIn === 'number' ? new Date(now() + expiresIn * 1000) : null,
          consumedAt: null,
        };
        await db
          .insert(identityArtifacts)
          .values({ model, id, ...columns })
          .onConflictDoUpdate({ target: [identityArtifacts.model, identityArtifacts.id], set: columns });
        await sweepExpired();
      },
      find: (id) => findLive(eq(identityArtifacts.id, id)),
      findByUid: (uid) => findLive(eq(identityArtifacts.uid, uid)),
      findByUserCode: (userCode) => findLive(eq(identityArtifacts.userCode, userCode)),
      async consume(id) {
        // The first use counts: the refresh-token reuse grace runs from it.
        const usedAt = new Date(now()).toISOString();
        await db
          .update(identityArtifacts)
          .set({ consumedAt: sql`coalesce(${identityArtifacts.consumedAt}, ${usedAt}::timestamptz)` })
          .where(of(id));
      },
      async destroy(id) {
        await db.delete(identityArtifacts).where(of(id));
      },
      async revokeByGrantId(grantId) {
        // Every artifact of the grant, whatever its model: that is what revoking a sign-in means.
        await db.delete(identityArtifacts).where(eq(identityArtifacts.grantId, grantId));
      },
    };
  };
}
