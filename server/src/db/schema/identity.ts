import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the embedded identity provider keeps between requests (sessions, grants, authorization codes,
 * refresh tokens, ...), one row per oidc-provider artifact, so a sign-in survives a server restart.
 */
export const identityArtifacts = pgTable(
  'identity_artifacts',
  {
    /** oidc-provider's model name: Session, Grant, RefreshToken, ... */
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('identity_artifacts_grant_idx').on(table.grantId),
    index('identity_artifacts_uid_idx').on(table.uid),
    index('identity_artifacts_expires_idx').on(table.expiresAt),
  ],
);
