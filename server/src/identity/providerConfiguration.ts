import { errors, type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { accountClaims, findKnownAccount, providerAccountFinder, type UserDirectory } from './accounts';
import {
  apiResource,
  apiScope,
  providerMountPath,
  userReadScope,
  type EmbeddedClientSettings,
} from './embeddedClient';
import type { IdentityKeys } from './keyStore';
import { dutchErrorMessage } from './pages/errorMessages';
import { pageHeaders } from './pages/layout';
import { withRefreshTokenReuseGrace } from './refreshTokenReuseGrace';
import { errorPage, signedOutPage, signOutConfirmPage } from './pages/messagePages';

export interface ProviderConfigurationInput {
  client: EmbeddedClientSettings;
  keys: IdentityKeys;
  users: UserDirectory;
  accessTokenTtlSeconds: number;
  /** Where the Dutch pages send people back to: the console's root. */
  consoleUrl: string;
  /** Where sessions, grants and refresh tokens are kept; without it, oidc-provider's in-memory default. */
  storage?: AdapterFactory;
}

/**
 * The embedded provider's configuration. The server keeps the provider's state in its database, so a
 * sign-in survives a restart; JWT access tokens stay valid anyway because the signing keys are persisted.
 */
export function providerConfiguration(input: ProviderConfigurationInput): Configuration {
  const { client, keys, users, accessTokenTtlSeconds, consoleUrl, storage } = input;
  return {
    clients: [
      {
        client_id: client.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none', // public SPA client: PKCE (S256) is then required
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
      },
    ],
    responseTypes: ['code'],
    jwks: { keys: keys.signingKeys },
    cookies: { keys: keys.cookieKeys },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // MSAL builds its account (username <- preferred_username, name <- name) from the ID token; do not
    // let oidc-provider strip profile claims from it should the token setup ever change.
    conformIdTokenClaims: false,
    findAccount: providerAccountFinder(users),
    // The API knows the user from the access token alone.
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const account = await findKnownAccount(users, token.accountId);
      if (!account) return undefined;
      const { preferred_username, email, name } = accountClaims(account);
      return { preferred_username, email, name };
    },
    interactions: { url: (_ctx, interaction) => `${providerMountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => renderPage(ctx, signOutConfirmPage(form)),
        postLogoutSuccessSource: (ctx) => renderPage(ctx, signedOutPage(consoleUrl)),
      },
      resourceIndicators: {
        enabled: true,
        // MSAL never sends `resource=`: a sign-in that asks the API's scopes gets access tokens for the API.
        // One that asks only OpenID scopes (`openid profile email`, as any OpenID Connect client does) gets
        // no resource, so its access token is the provider's own and works at the userinfo endpoint.
        defaultResource: (ctx, _client, oneOf) =>
          oneOf || asksForApi(ctx.oidc.params?.scope) ? apiResource : undefined,
        // At the token endpoint, keep the resource bound to the code / refresh token although openid is asked.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== apiResource) throw new errors.InvalidTarget();
          return {
            // User.Read is known here so the provider grants and echoes it; else MSAL's cache always misses.
            scope: `${apiScope} ${userReadScope}`,
            audience: apiResource,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // oidc-provider only issues refresh tokens for offline_access, which it only grants with prompt=consent
    // (MSAL never sends it): without this MSAL falls back to hidden-iframe renewals.
    issueRefreshToken: (_ctx, oidcClient) => oidcClient.grantTypeAllowed('refresh_token'),
    // ...and they must not die with the provider's browser session (default unless offline_access).
    expiresWithSession: () => false,
    // Token endpoint CORS for the console's origins (the Vite dev server is another origin).
    clientBasedCORS: (_ctx, origin, oidcClient) =>
      (oidcClient.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    ttl: lifetimes(accessTokenTtlSeconds),
    ...(storage && { adapter: withRefreshTokenReuseGrace(storage) }),
    renderError: (ctx, out, error) => {
      const page = errorPage({
        message: dutchErrorMessage(out.error, error.name),
        consoleUrl,
        technical: { code: out.error, description: out.error_description },
      });
      renderPage(ctx, page);
    },
  };
}

/** Whether an authorization request asks a scope of the API (MSAL asks both). */
function asksForApi(scope: unknown): boolean {
  if (typeof scope !== 'string') return false;
  const asked = scope.split(' ');
  return asked.includes(apiScope) || asked.includes(userReadScope);
}

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;
const refreshChainSeconds = 14 * day;

/** How long each artifact lives, in seconds (explicit, so the provider logs no notices about defaults). */
function lifetimes(accessTokenTtlSeconds: number): NonNullable<Configuration['ttl']> {
  return {
    AccessToken: accessTokenTtlSeconds,
    AuthorizationCode: minute,
    IdToken: hour,
    Interaction: 10 * minute,
    Session: refreshChainSeconds,
    Grant: refreshChainSeconds,
    // A browser's refresh token rotates on every use; the rotated one inherits the remaining lifetime, so
    // a sign-in lasts at most 14 days however often the console refreshes (the provider's default policy).
    RefreshToken: (ctx) => ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? refreshChainSeconds,
  };
}

function renderPage(ctx: KoaContextWithOIDC, page: string): void {
  ctx.set(pageHeaders);
  ctx.body = page;
}
