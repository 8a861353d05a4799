import { createHash, randomBytes } from 'node:crypto';
import { httpsRequest, type HttpsResponse } from './https';

export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  expiresIn: number;
  scope?: string;
}

export interface SignInTarget {
  url: string;
  ca: string;
  clientId: string;
  authority: string;
  apiScope: string;
}

/** What the console (MSAL) asks for at sign-in. */
export const consoleScopes = (target: SignInTarget) =>
  `openid profile offline_access ${target.apiScope} User.Read`;

/**
 * Signs in through the embedded provider the way MSAL does, over plain HTTP requests (no browser):
 * authorization request with PKCE, the sign-in form with the e-mail address, then the code exchange.
 * `scope` is the console's unless another client is played.
 */
export async function signInWithCode(
  target: SignInTarget,
  email: string,
  scope: string = consoleScopes(target),
): Promise<Tokens> {
  const redirectUri = `${target.url}/`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${target.authority}/auth`);
  authorize.search = new URLSearchParams({
    client_id: target.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  }).toString();

  const cookies = new CookieJar();
  let next: { method: string; url: string; body?: string } = { method: 'GET', url: authorize.toString() };
  for (let hop = 0; hop < 15; hop += 1) {
    const response = await httpsRequest({
      method: next.method,
      url: next.url,
      ca: target.ca,
      headers: {
        cookie: cookies.header(),
        ...(next.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.body,
    });
    cookies.store(response);
    const location = header(response, 'location');
    if (location) {
      const absolute = new URL(location, next.url);
      if (`${absolute.origin}${absolute.pathname}` === redirectUri)
        return exchangeCode(target, redirectUri, verifier, absolute);
      next = { method: 'GET', url: absolute.toString() };
      continue;
    }
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(response.text)?.[1];
    if (response.status === 200 && action && hop < 14) {
      next = {
        method: 'POST',
        url: new URL(decodeEntities(action), next.url).toString(),
        body: new URLSearchParams({ email }).toString(),
      };
      continue;
    }
    throw new Error(
      `sign-in stopped at ${next.method} ${next.url}: ${response.status} ${response.text.slice(0, 500)}`,
    );
  }
  throw new Error('sign-in did not finish within 15 hops');
}

/** The refresh-token grant, as MSAL sends it for a silent renewal. */
export async function refreshTokens(target: SignInTarget, refreshToken: string): Promise<Tokens> {
  return tokenRequest(target, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: target.clientId,
    scope: `openid profile offline_access ${target.apiScope} User.Read`,
  });
}

async function exchangeCode(
  target: SignInTarget,
  redirectUri: string,
  verifier: string,
  callback: URL,
): Promise<Tokens> {
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in redirect: ${callback.toString()}`);
  return tokenRequest(target, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: target.clientId,
    code_verifier: verifier,
  });
}

async function tokenRequest(target: SignInTarget, form: Record<string, string>): Promise<Tokens> {
  const response = await httpsRequest({
    method: 'POST',
    url: `${target.authority}/token`,
    ca: target.ca,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.url },
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
}

function header(response: HttpsResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&quot;/g, '"');
}

/** Just enough of a cookie jar for one origin: name=value pairs, later values win. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  store(response: HttpsResponse): void {
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (expired) this.values.delete(name);
      else this.values.set(name, pair.slice(separator + 1).trim());
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
