import type { FastifyBaseLogger } from 'fastify';
import { createLocalJWKSet } from 'jose';
import Provider, { type AdapterFactory, type errors } from 'oidc-provider';
import type { AppConfig } from '../config';
import { verifyJwtAccessToken, type AccessTokenRules } from './accessTokenVerifier';
import { rememberVerifiedTokens } from './verifiedTokens';
import type { UserDirectory } from './accounts';
import { apiResource, apiScope, embeddedClientSettings, userReadScope } from './embeddedClient';
import { assertEmbeddedIdentityAllowed } from './embeddedGuard';
import type { Identity } from './index';
import { registerControlCharacterGuard } from './controlCharacterGuard';
import { registerInteractionRoutes } from './interactionRoutes';
import { loadOrCreateIdentityKeys, publicSigningKeys, type IdentityKeys } from './keyStore';
import { providerConfiguration } from './providerConfiguration';
import { registerProviderMount } from './providerMount';

/** The embedded OpenID Connect provider under /oidc on the server's own origin, and its token check. */
export async function createEmbeddedIdentity(
  config: AppConfig,
  users: UserDirectory,
  storage?: AdapterFactory,
  sharedKeys?: () => Promise<IdentityKeys>,
): Promise<Identity> {
  assertEmbeddedIdentityAllowed(config);
  const keys = sharedKeys ? await sharedKeys() : await loadOrCreateIdentityKeys(config.dataDir);
  const client = embeddedClientSettings(config);
  const consoleUrl = `${config.publicUrl}/`;
  const provider = new Provider(
    client.issuer,
    providerConfiguration({
      client,
      keys,
      users,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      consoleUrl,
      storage,
    }),
  );
  // Behind a TLS-terminating reverse proxy (TRUST_PROXY=on) the provider builds its URLs (discovery,
  // redirects) and decides on secure cookies from X-Forwarded-Proto/-Host; trusting those headers without
  // a proxy would let any client choose the host names in its own responses, so it is off by default.
  provider.proxy = config.trustProxy;

  // Same keys the provider's jwks_uri serves; no HTTP round trip to ourselves.
  const rules: AccessTokenRules = {
    keySet: createLocalJWKSet({ keys: publicSigningKeys(keys) }),
    issuer: client.issuer,
    audience: apiResource,
    tokenType: 'at+jwt',
    apiScope,
    clientId: client.clientId,
    // The issuer follows PUBLIC_URL; the users it signed in must survive a move of the site.
    identityIssuer: 'embedded',
  };

  return {
    async register(app) {
      logProviderEvents(provider, app.log);
      registerControlCharacterGuard(app, consoleUrl);
      await registerInteractionRoutes(app, { provider, users, consoleUrl });
      await registerProviderMount(app, provider);
    },
    verifyAccessToken: rememberVerifiedTokens((token) => verifyJwtAccessToken(token, rules)),
    readiness: async () => ({ ready: true }),
    info: {
      authority: client.issuer,
      clientId: client.clientId,
      apiScope,
      protocol: 'oidc',
      // The console has always asked User.Read next to the API scope; the embedded provider grants it.
      extraScopes: [userReadScope],
    },
    // The provider's storage is the server's database, which the server closes itself.
    async close() {},
  };
}

function logProviderEvents(provider: Provider, log: FastifyBaseLogger): void {
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'identity provider error'));
  // Refused requests (bad code_verifier, unknown redirect URI, ...) are the client's problem: info level.
  const refused = (event: string) => (_ctx: unknown, error: errors.OIDCProviderError) =>
    log.info({ event, error: error.error, description: error.error_description }, 'identity request refused');
  provider.on('grant.error', refused('grant.error'));
  provider.on('authorization.error', refused('authorization.error'));
  provider.on('end_session.error', refused('end_session.error'));
}
