import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { apiResource } from '../../../server/src/identity/embeddedClient';
import { openDatabase } from '../../../server/src/db/client';
import {
  loadOrCreateIdentityKeys,
  loadOrCreateSharedIdentityKeys,
} from '../../../server/src/identity/keyStore';
import type { TestServer } from './testServer';

export interface MintOptions {
  email: string;
  /** Sign with a key the provider never published (a forgery) instead of the provider's own key. */
  forged?: boolean;
  audience?: string;
  /** Expiry relative to now, in seconds (negative: already expired). */
  expiresInSeconds?: number;
}

/**
 * Mints an access token shaped exactly like the embedded provider's (RS256, typ at+jwt, issuer, audience,
 * preferred_username), changing one property at a time, so a 401 proves that very check.
 * The provider's key comes from the test server's data directory (identity/keys.json), or on PostgreSQL
 * from the database, where every instance shares it.
 */
export async function mintAccessToken(server: TestServer, options: MintOptions): Promise<string> {
  const { key, kid } = options.forged ? await foreignKey() : await providerKey(server);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    preferred_username: options.email,
    email: options.email,
    scope: `${apiResource}/access_as_user`,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
    .setIssuer(`${server.config.publicUrl}/oidc`)
    .setAudience(options.audience ?? apiResource)
    .setSubject(options.email)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now - 600)
    .setExpirationTime(now + (options.expiresInSeconds ?? 300))
    .sign(key);
}

async function providerKey(server: TestServer): Promise<{ key: CryptoKey | Uint8Array; kid?: string }> {
  const { databaseUrl, dataDir } = server.config;
  const keys = databaseUrl ? await sharedKeys(databaseUrl, dataDir) : await loadOrCreateIdentityKeys(dataDir);
  const [jwk] = keys.signingKeys;
  return { key: await importJWK(jwk as JWK, 'RS256'), kid: jwk.kid };
}

async function foreignKey(): Promise<{ key: CryptoKey; kid?: string }> {
  const { privateKey } = await generateKeyPair('RS256');
  return { key: privateKey, kid: undefined };
}

async function sharedKeys(databaseUrl: string, dataDir: string) {
  const opened = await openDatabase({ databaseUrl, dataDir });
  try {
    return await loadOrCreateSharedIdentityKeys(opened.db, dataDir);
  } finally {
    await opened.close();
  }
}
