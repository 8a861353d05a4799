import type { IdentityKeys } from './keyStore';
import type { FastifyInstance } from 'fastify';
import type { AdapterFactory } from 'oidc-provider';
import type { AppConfig } from '../config';
import type { UserDirectory } from './accounts';
import type { TokenUser } from './accessTokenVerifier';
import { createEmbeddedIdentity } from './embeddedIdentity';
import { createExternalIdentity } from './externalIdentity';

import type { IdentityProtocol } from './externalSettings';

export {
  IdentityProviderUnavailableError,
  InvalidAccessTokenError,
  type TokenUser,
} from './accessTokenVerifier';
export type { UserDirectory } from './accounts';

export interface Identity {
  /** Fastify plugin mounting the embedded provider under /oidc (no-op for an external provider). */
  register(app: FastifyInstance): Promise<void>;
  /**
   * Verifies a bearer access token (signature via JWKS, issuer, audience, expiry, scope, client); throws
   * InvalidAccessTokenError (401) or IdentityProviderUnavailableError (503).
   */
  verifyAccessToken(token: string): Promise<TokenUser>;
  /** Whether tokens can be checked now (GET /health/ready); tries the provider again when its pause is over. */
  readiness(): Promise<{ ready: boolean; reason?: string }>;
  /** What GET /api/1/environment/info tells the console. */
  info: SignInInfo;
  close(): Promise<void>;
}

/** Where and how the console signs in. */
export interface SignInInfo {
  authority: string;
  clientId: string;
  apiScope: string;
  /** MSAL's mode: Entra ID (one resource per token) or generic OIDC. */
  protocol: IdentityProtocol;
  /** Scopes consented at sign-in next to the API scope (User.Read for Entra ID). */
  extraScopes: string[];
}

export interface IdentityOptions {
  /** For tests: how the external provider's discovery document and keys are fetched. */
  fetch?: typeof fetch;
  /** For tests: the clock of the external provider's retry back-off. */
  now?: () => number;
  /** The embedded provider's storage (the server passes its database); tests of tokens alone omit it. */
  storage?: AdapterFactory;
  /**
   * Where the embedded provider's keys come from when not from DATA_DIR: on PostgreSQL the server
   * passes the database, so every instance signs and checks with the same keys.
   */
  sharedKeys?: () => Promise<IdentityKeys>;
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
  if (config.externalIdentity) return createExternalIdentity(config.externalIdentity, options);
  return createEmbeddedIdentity(config, deps, options.storage, options.sharedKeys);
}
