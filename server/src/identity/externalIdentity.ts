import { createRemoteJWKSet, customFetch } from 'jose';
import {
  IdentityProviderUnavailableError,
  verifyJwtAccessToken,
  type AccessTokenRules,
} from './accessTokenVerifier';
import { fetchDiscoveryDocument, type FetchFunction } from './discovery';
import type { ExternalProviderSettings } from './externalSettings';
import type { Identity } from './index';
import { createRetryBackoff } from './retryBackoff';

export interface ExternalIdentityOptions {
  fetch?: FetchFunction;
  /** The clock of the retry back-off (tests advance it instead of waiting). */
  now?: () => number;
}

/**
 * Trusts an external provider (Entra ID or any OIDC provider): no embedded provider is mounted; tokens are
 * checked against the keys of the discovery document's jwks_uri and the issuer it names. While the
 * provider cannot be reached, calls get IdentityProviderUnavailableError (503) and discovery is retried
 * with a growing pause (retryBackoff.ts).
 */
export function createExternalIdentity(
  settings: ExternalProviderSettings,
  { fetch: fetchImpl = fetch, now = Date.now }: ExternalIdentityOptions = {},
): Identity {
  const backoff = createRetryBackoff(now);
  let rules: AccessTokenRules | undefined;
  let pending: Promise<AccessTokenRules> | undefined;
  /** The last failure to reach the provider (discovery or keys), until a call succeeds again. */
  let lastFailure: unknown;

  const loadRules = (): Promise<AccessTokenRules> => {
    if (rules) return Promise.resolve(rules);
    if (pending) return pending;
    if (!backoff.mayTry()) {
      return Promise.reject(new IdentityProviderUnavailableError('waiting before asking the provider again'));
    }
    pending = fetchDiscoveryDocument(settings.authority, fetchImpl).then(
      (discovery) => {
        backoff.succeeded();
        pending = undefined;
        lastFailure = undefined;
        rules = {
          // Caches the keys and refetches when a token names an unknown key id (key rollover).
          keySet: createRemoteJWKSet(new URL(discovery.jwks_uri), { [customFetch]: fetchImpl }),
          issuer: discovery.issuer,
          audience: settings.audience,
          apiScope: settings.apiScope,
          clientId: settings.clientId,
        };
        return rules;
      },
      (error: unknown) => {
        backoff.failed();
        pending = undefined;
        lastFailure = error;
        throw new IdentityProviderUnavailableError('OpenID discovery failed', { cause: error });
      },
    );
    return pending;
  };

  return {
    async register(app) {
      // Fetch the discovery document early so a wrong IDENTITY_AUTHORITY shows in the log at start.
      loadRules().then(
        (loaded) => app.log.info({ issuer: loaded.issuer }, 'trusting external identity provider'),
        (error: unknown) =>
          app.log.warn(
            { err: (error as Error).cause ?? error },
            'external identity provider not reachable yet',
          ),
      );
    },
    async verifyAccessToken(token) {
      const loaded = await loadRules();
      try {
        const user = await verifyJwtAccessToken(token, loaded);
        lastFailure = undefined;
        return user;
      } catch (error) {
        if (error instanceof IdentityProviderUnavailableError) lastFailure = error.cause ?? error;
        throw error;
      }
    },
    async readiness() {
      try {
        await loadRules();
      } catch (error) {
        return { ready: false, reason: describe((error as Error).cause ?? lastFailure ?? error) };
      }
      return lastFailure === undefined ? { ready: true } : { ready: false, reason: describe(lastFailure) };
    },
    info: {
      authority: settings.authority,
      clientId: settings.clientId,
      apiScope: settings.apiScope,
      protocol: settings.protocol,
      extraScopes: settings.extraScopes,
    },
    async close() {},
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
