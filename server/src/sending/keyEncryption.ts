import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';

// DKIM private keys are stored encrypted (AES-256-GCM) under a server secret of their own, so a copy of the
// key table alone (a backup, an export) signs nothing. The secret lives in server_secrets: every process
// against the database decrypts with the same one.

const secretName = 'dkim-private-keys';

/** `{iv}.{tag}.{ciphertext}`, each base64url. */
export async function encryptPrivateKey(db: Database, pem: string): Promise<string> {
  const key = await serverSecret(db, secretName);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/** The PEM; throws when the stored value was altered or encrypted under another secret. */
export async function decryptPrivateKey(db: Database, stored: string): Promise<string> {
  const key = await serverSecret(db, secretName);
  const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
