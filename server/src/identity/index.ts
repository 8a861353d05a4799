import type { FastifyInstance } from 'fastify';
import type { AdapterFactory } from 'oidc-provider';
import type { AppConfig } from '../config';
import type { UserDirectory } from './accounts';
import type { TokenUser } from './accessTokenVerifier';
import { createEmbeddedIdentity } from './embeddedIdentity';
import { createExternalIdentity } from './externalIdentity';
import { readExternalProviderSettings } from './externalSettings';

export { InvalidAccessTokenError, type TokenUser } from './accessTokenVerifier';
export type { UserDirectory } from './accounts';

export interface Identity {
  /** Fastify plugin mounting the embedded provider under /oidc (no-op for an external provider). */
  register(app: FastifyInstance): Promise<void>;
  /** Verifies a bearer access token (signature via JWKS, issuer, audience, expiry); throws on failure. */
  verifyAccessToken(token: string): Promise<TokenUser>;
  /** What GET /api/1/environment/info tells the console. */
  info: { authority: string; clientId: string; apiScope: string };
  close(): Promise<void>;
}

export interface IdentityOptions {
  /** For tests: how the external provider's discovery document and keys are fetched. */
  fetch?: typeof fetch;
  /** The embedded provider's storage (the server passes its database); tests of tokens alone omit it. */
  storage?: AdapterFactory;
}

/**
 * The server's sign-in: the embedded provider by default, an external one (Entra ID, any OIDC provider)
 * when IDENTITY_AUTHORITY and friends are set. `deps` is the platform's user store.
 */
export async function createIdentity(
  config: AppConfig,
  deps: UserDirectory,
  options: IdentityOptions = {},
): Promise<Identity> {
  const external = readExternalProviderSettings(config);
  if (external) return createExternalIdentity(external, options.fetch);
  return createEmbeddedIdentity(config, deps, options.storage);
}
