import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { environments } from './core';

/**
 * Who an environment's messages come from (Instellingen › Afzender). Without a row, or without an address,
 * the platform's MAIL_FROM is used: the operator's address, as before sender settings existed.
 */
export const senderSettings = pgTable('sender_settings', {
  environmentId: uuid('environment_id')
    .primaryKey()
    .references(() => environments.id, { onDelete: 'cascade' }),
  senderName: text('sender_name'),
  senderAddress: text('sender_address'),
  replyToAddress: text('reply_to_address'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The result of a domain's last DNS check, per record (sending/domainCheck.ts). */
export interface StoredRecordCheck {
  kind: 'dkim' | 'spf' | 'dmarc';
  name: string;
  status: 'ok' | 'missing' | 'wrong' | 'error';
  message: string;
}

/**
 * The domain an environment sends from (one per environment), with the outcome of its last DNS check.
 * `verified_at` is set while the last check found every record right, and cleared when one failed.
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    lastCheck: jsonb('last_check').$type<StoredRecordCheck[]>(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sending_domains_environment_idx').on(table.environmentId)],
);

/**
 * A DKIM key pair of a sending domain. A new domain or a rotation adds a 'pending' key; the first check that
 * finds its DNS record makes it 'active' and retires the previous one, whose record must stay a week longer
 * (messages underway are checked against it). The private key is encrypted with a server secret
 * (sending/keyEncryption.ts) and never leaves the server.
 */
export const dkimKeys = pgTable(
  'dkim_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => sendingDomains.id, { onDelete: 'cascade' }),
    selector: text('selector').notNull(),
    /** The public key as DNS publishes it: base64 of the DER SubjectPublicKeyInfo. */
    publicKey: text('public_key').notNull(),
    /** AES-256-GCM of the PKCS#8 PEM: `{iv}.{tag}.{ciphertext}`, base64url. */
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    /** pending | active | retired. */
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    index('dkim_keys_domain_idx').on(table.domainId),
    check('dkim_keys_state_check', sql`${table.state} IN ('pending', 'active', 'retired')`),
  ],
);
