import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { storedSecret } from '../delivery/serverSecret';

/** The embedded provider's secrets; they live in the data directory so a restart keeps tokens and cookies valid. */
export interface IdentityKeys {
  /** Private RS256 signing keys (JWK), first one signs. */
  signingKeys: JWK[];
  /** Keys for oidc-provider's signed cookies (keygrip), first one signs. */
  cookieKeys: string[];
}

const signingAlgorithm = 'RS256';

/** `DATA_DIR/identity/keys.json`, readable by the server's user only. */
export function identityKeysPath(dataDir: string): string {
  return path.join(dataDir, 'identity', 'keys.json');
}

/** Reads the persisted keys, generating and saving them on first start. */
export async function loadOrCreateIdentityKeys(dataDir: string): Promise<IdentityKeys> {
  const file = identityKeysPath(dataDir);
  const existing = await readKeys(file);
  if (existing) return existing;
  const keys = await generateIdentityKeys();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Write then rename: a crash mid-write must not leave a half file that blocks the next start.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(keys, null, 2), { mode: 0o600 });
  await chmod(temporary, 0o600); // in case the umask widened it
  await rename(temporary, file);
  return keys;
}

/**
 * The keys every instance on one PostgreSQL database shares, kept in `server_secrets`: the first
 * instance to start inserts them (this data directory's keys when it has some, so tokens issued before
 * stay valid), every other reads that row and makes no keys of its own. Two starting at once both read
 * the one inserted first.
 */
export async function loadOrCreateSharedIdentityKeys(db: Database, dataDir: string): Promise<IdentityKeys> {
  const stored = await storedSecret(db, sharedKeysName, async () =>
    JSON.stringify((await readKeys(identityKeysPath(dataDir))) ?? (await generateIdentityKeys())),
  );
  const parsed: unknown = JSON.parse(stored);
  if (!isIdentityKeys(parsed))
    throw new Error(`The identity keys in server_secrets ('${sharedKeysName}') are damaged.`);
  return parsed;
}

const sharedKeysName = 'embedded-identity-keys';

/** The public half of the signing keys: what the provider's jwks_uri serves. */
export function publicSigningKeys(keys: IdentityKeys): JWK[] {
  return keys.signingKeys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }));
}

async function generateIdentityKeys(): Promise<IdentityKeys> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signingKeys: [{ ...jwk, kid, alg: signingAlgorithm, use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

async function readKeys(file: string): Promise<IdentityKeys | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Never regenerate silently over a damaged file: that would sign everyone out and hide the problem.
  const damaged = new Error(
    `The identity key file ${file} is damaged; delete it to create new keys (everyone signs in again).`,
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged;
  }
  if (!isIdentityKeys(parsed)) throw damaged;
  return parsed;
}

function isIdentityKeys(value: unknown): value is IdentityKeys {
  if (typeof value !== 'object' || value === null) return false;
  const { signingKeys, cookieKeys } = value as Partial<Record<keyof IdentityKeys, unknown>>;
  return (
    Array.isArray(signingKeys) &&
    signingKeys.length > 0 &&
    signingKeys.every(
      (key: JWK) => key?.kty === 'RSA' && typeof key.d === 'string' && typeof key.kid === 'string',
    ) &&
    Array.isArray(cookieKeys) &&
    cookieKeys.length > 0 &&
    cookieKeys.every((key) => typeof key === 'string' && key.length > 0)
  );
}
