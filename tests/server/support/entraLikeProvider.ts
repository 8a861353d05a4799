import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type Interaction, type InteractionResults } from 'oidc-provider';
import { ensureTlsCertificate } from '../../../server/src/tls';
import { httpsRequest } from './https';
import { CookieJar, type Tokens } from './signIn';

/** A person at the provider, keyed by object id like an Entra ID directory. */
export interface DirectoryUser {
  oid: string;
  preferredUsername: string;
  name: string;
  email?: string;
  roles?: string[];
}

export interface EntraLikeProvider {
  tenantId: string;
  /** `https://localhost:{port}/{tenantId}/v2.0`: issuer and authority, as Entra ID's v2 endpoint. */
  authority: string;
  /** The app registration: the console (SPA) and the API are one, so the audience is the client id. */
  clientId: string;
  apiScope: string;
  /** Another app registration of the same tenant, allowed to ask the same API. */
  otherClientId: string;
  /** The provider's self-signed certificate. */
  ca: string;
  /** The directory; change an entry to change the claims of the next tokens. */
  users: Map<string, DirectoryUser>;
  /** The server settings that trust this provider. */
  settings: Record<string, string>;
  /** Authorization code + PKCE as MSAL does it; `scopes` replace the API scope, `clientId` the console. */
  signIn(oid: string, options?: { scopes?: string[]; clientId?: string }): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  /** Takes the provider off the network (connections refused) and back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const tokenLifetimeSeconds = 60;

/**
 * A second OpenID provider configured like Microsoft Entra ID: a v2 issuer with the tenant id in its
 * path, a public SPA client with PKCE, an API (`api://{client-id}`) exposing `access_as_user`, access
 * tokens with `aud` = client id, `scp`, `azp`, `tid`, `oid`, `roles` and `typ: JWT`, lasting 60 seconds.
 * Sign-in needs no page: `login_hint` names the directory user.
 */
export async function startEntraLikeProvider(
  consoleOrigin: string,
  port: number,
): Promise<EntraLikeProvider> {
  const tlsDir = await mkdtemp(path.join(tmpdir(), 'dpp-entra-like-'));
  const tls = await ensureTlsCertificate(tlsDir);
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const otherClientId = randomUUID();
  const resource = `api://${clientId}`;
  const apiScope = `${resource}/access_as_user`;
  const mountPath = `/${tenantId}/v2.0`;
  const authority = `https://localhost:${port}${mountPath}`;
  const redirectUri = `${consoleOrigin}/`;
  const users = new Map<string, DirectoryUser>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', alg: 'RS256' };

  const client = (id: string) => ({
    client_id: id,
    application_type: 'web' as const,
    token_endpoint_auth_method: 'none' as const,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
    redirect_uris: [redirectUri],
  });
  const configuration: Configuration = {
    clients: [client(clientId), client(otherClientId)],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    findAccount: (_ctx, accountId) => {
      const user = users.get(accountId);
      if (!user) return undefined;
      return {
        accountId,
        claims: () => ({ sub: accountId, name: user.name, preferred_username: user.preferredUsername }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      const user = 'accountId' in token && token.accountId ? users.get(token.accountId) : undefined;
      if (!user) return undefined;
      return {
        tid: tenantId,
        oid: user.oid,
        preferred_username: user.preferredUsername,
        name: user.name,
        ...(user.email && { email: user.email }),
        ...(user.roles && { roles: user.roles }),
        ver: '2.0',
      };
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: `${apiScope} ${resource}/Reports.Read`,
          audience: clientId,
          accessTokenTTL: tokenLifetimeSeconds,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    formats: {
      customizers: {
        // Entra ID's shape: `typ: JWT`, the scope's short name in `scp`, the client in `azp`.
        jwt(_ctx, _token, jwt) {
          const payload = jwt.payload as Record<string, unknown>;
          jwt.header = { typ: 'JWT' };
          payload.scp = String(payload.scope ?? '')
            .split(' ')
            .filter((scope) => scope.startsWith(`${resource}/`))
            .map((scope) => scope.slice(resource.length + 1))
            .join(' ');
          payload.azp = payload.client_id;
          delete payload.scope;
          delete payload.client_id;
        },
      },
    },
    issueRefreshToken: () => true,
    clientBasedCORS: (_ctx, origin) => origin === consoleOrigin,
    expiresWithSession: () => false,
    ttl: {
      AccessToken: tokenLifetimeSeconds,
      AuthorizationCode: 60,
      IdToken: tokenLifetimeSeconds,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 3600,
    },
  };
  const provider = new Provider(authority, configuration);
  const callback = provider.callback();

  const handle = async (request: IncomingMessage & { originalUrl?: string }, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (!url.startsWith(mountPath)) {
      response.writeHead(404).end();
      return;
    }
    request.originalUrl = url;
    request.url = url.slice(mountPath.length) || '/';
    if (request.url.startsWith('/interaction/')) {
      const interaction = await provider.interactionDetails(request, response);
      const submitted =
        request.method === 'POST' ? new URLSearchParams(await readBody(request)).get('login') : null;
      const account = submitted
        ? findByUsername(users, submitted)
        : String(interaction.params.login_hint ?? '');
      if (interaction.prompt.name === 'login' && !users.has(account)) {
        // A browser (no login_hint): a one-field page, like a directory's account picker.
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(signInPage(`${mountPath}/interaction/${interaction.uid}`, submitted));
        return;
      }
      const result = await finishInteraction(provider, interaction, account);
      await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
      return;
    }
    await callback(request, response);
  };

  let server: Server | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
        handle(request, response).catch((error: unknown) => {
          if (!response.headersSent) response.writeHead(500).end(String(error));
        });
      });
      listening.once('error', reject);
      listening.listen(port, 'localhost', () => {
        server = listening;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = undefined;
      closing.close(() => resolve());
      closing.closeAllConnections();
    });
  await start();

  const tokenRequest = async (form: Record<string, string>): Promise<Tokens> => {
    const response = await httpsRequest({
      method: 'POST',
      url: `${authority}/token`,
      ca: tls.cert,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: consoleOrigin },
      body: new URLSearchParams(form).toString(),
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${response.text}`);
    const body = JSON.parse(response.text) as Record<string, unknown>;
    return {
      accessToken: String(body.access_token),
      refreshToken: body.refresh_token === undefined ? undefined : String(body.refresh_token),
      idToken: body.id_token === undefined ? undefined : String(body.id_token),
      expiresIn: Number(body.expires_in),
      scope: body.scope === undefined ? undefined : String(body.scope),
    };
  };

  return {
    tenantId,
    authority,
    clientId,
    apiScope,
    otherClientId,
    ca: tls.cert,
    users,
    settings: {
      IDENTITY_AUTHORITY: authority,
      IDENTITY_CLIENT_ID: clientId,
      IDENTITY_AUDIENCE: clientId,
      API_SCOPE: apiScope,
      // localhost is no Microsoft host: say it is Entra ID, as an operator would for a proxy or alias.
      IDENTITY_PROTOCOL: 'entra',
    },
    async signIn(oid, options = {}) {
      const verifier = randomBytes(32).toString('base64url');
      const authorize = new URL(`${authority}/auth`);
      authorize.search = new URLSearchParams({
        client_id: options.clientId ?? clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: ['openid', 'profile', 'offline_access', ...(options.scopes ?? [apiScope])].join(' '),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        login_hint: oid,
        state: randomBytes(8).toString('hex'),
        nonce: randomBytes(8).toString('hex'),
      }).toString();
      const cookies = new CookieJar();
      let next = authorize.toString();
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await httpsRequest({
          method: 'GET',
          url: next,
          ca: tls.cert,
          headers: { cookie: cookies.header() },
        });
        cookies.store(response);
        const location = response.headers.location;
        if (typeof location !== 'string') {
          throw new Error(`sign-in stopped at ${next}: ${response.status} ${response.text.slice(0, 300)}`);
        }
        const target = new URL(location, next);
        if (`${target.origin}${target.pathname}` === redirectUri) {
          const code = target.searchParams.get('code');
          if (!code) throw new Error(`no code: ${target.toString()}`);
          return tokenRequest({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: options.clientId ?? clientId,
            code_verifier: verifier,
          });
        }
        next = target.toString();
      }
      throw new Error('sign-in did not finish within 10 hops');
    },
    refresh: (refreshToken) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
    start,
    stop,
    async close() {
      await stop();
      await rm(tlsDir, { recursive: true, force: true });
    },
  };
}

interface MissingConsent {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

function findByUsername(users: Map<string, DirectoryUser>, username: string): string {
  const wanted = username.trim().toLowerCase();
  return [...users.values()].find((user) => user.preferredUsername.toLowerCase() === wanted)?.oid ?? '';
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function signInPage(action: string, unknown: string | null): string {
  return `<!doctype html><html lang="en"><title>Sign in</title>
<form method="post" action="${action}">
  <label for="email">Account</label> <input id="email" name="login" type="email" autofocus>
  <button id="signin" type="submit">Sign in</button>
  ${unknown ? '<p role="alert">Unknown account.</p>' : ''}
</form></html>`;
}

/** The login prompt takes the account (login_hint or the page); consent is granted as an admin would have. */
async function finishInteraction(
  provider: Provider,
  interaction: Interaction,
  account: string,
): Promise<InteractionResults> {
  if (interaction.prompt.name === 'login') return { login: { accountId: account } };
  const accountId = interaction.session?.accountId;
  if (!accountId) throw new Error('consent without a signed-in account');
  const missing = interaction.prompt.details as MissingConsent;
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return { consent: { grantId: await grant.save() } };
}
