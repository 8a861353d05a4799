import { createRemoteJWKSet, customFetch } from 'jose';
import { verifyJwtAccessToken, type AccessTokenRules } from './accessTokenVerifier';
import { fetchDiscoveryDocument, type FetchFunction } from './discovery';
import type { ExternalProviderSettings } from './externalSettings';
import type { Identity } from './index';

/**
 * Trusts an external provider (Entra ID or any OIDC provider): no embedded provider is mounted; tokens are
 * checked against the keys of the discovery document's jwks_uri and the issuer it names.
 */
export function createExternalIdentity(
  settings: ExternalProviderSettings,
  fetchImpl: FetchFunction = fetch,
): Identity {
  let rules: Promise<AccessTokenRules> | undefined;
  const loadRules = (): Promise<AccessTokenRules> => {
    rules ??= fetchDiscoveryDocument(settings.authority, fetchImpl).then((discovery) => ({
      // Caches the keys and refetches when a token names an unknown key id (key rollover).
      keySet: createRemoteJWKSet(new URL(discovery.jwks_uri), { [customFetch]: fetchImpl }),
      issuer: discovery.issuer,
      audience: settings.audience,
    }));
    // A failed discovery is retried on the next request instead of being remembered.
    rules.catch(() => {
      rules = undefined;
    });
    return rules;
  };

  return {
    async register(app) {
      // Fetch the discovery document early so a wrong IDENTITY_AUTHORITY shows in the log at start.
      loadRules().then(
        (loaded) => app.log.info({ issuer: loaded.issuer }, 'trusting external identity provider'),
        (error: unknown) => app.log.warn({ err: error }, 'external identity provider not reachable yet'),
      );
    },
    async verifyAccessToken(token) {
      return verifyJwtAccessToken(token, await loadRules());
    },
    info: { authority: settings.authority, clientId: settings.clientId, apiScope: settings.apiScope },
    async close() {},
  };
}
