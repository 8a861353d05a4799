import { BrowserAuthError, InteractionRequiredAuthError, type Configuration } from '@azure/msal-browser';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCachedSession, readSession, updateSession } from '../../src/authProvider/session';
import { forgetSignInError, lastSignInError } from '../../src/authProvider/signInErrors';
import { startConsole } from '../../src/startConsole';
import {
  accountFor,
  authenticationResult,
  authorizeUrl,
  createFakeMsal,
  type FakeMsal,
} from './support/fakeMsal';
import { installFakePlatformServer } from './support/fakePlatformServer';
import { installFakeSignInPopup } from './support/fakeSignInPopup';
import { cultuurhuis, embeddedInfo, waterschap, zuiderveen } from './support/signedInSession';
import { setViewport } from './support/viewport';

const userId = '99999999-9999-4999-8999-999999999999';
const anne = accountFor('anne@voorbeeld.nl');
const inAnHour = () => new Date(Date.now() + 3_600_000);

function platform(available = [zuiderveen, cultuurhuis, waterschap]) {
  return installFakePlatformServer({
    'GET /api/1/environment/info': () => ({ status: 200, body: embeddedInfo }),
    'POST /api/1/users': () => ({ status: 200, body: userId }),
    'GET /api/1/environments/environment/:id/available': () => ({ status: 200, body: available }),
    'GET /api/1/:env/themes': () => ({
      status: 200,
      body: { id: 't', name: 'Thema', primaryColor: '#1f5fa8', fileIdToLogo: null },
    }),
  });
}

async function start() {
  const { fake, msal } = createFakeMsal();
  const createMsal = vi.fn((_configuration: Configuration) => msal);
  const services = await startConsole({ baseUrl: '', createMsal });
  return { fake, createMsal, ...services };
}

/** Signs Anne in through the popup, as the login page does on a desktop. */
async function signInWithPopup(fake: FakeMsal, login: (p: object) => Promise<unknown>) {
  installFakeSignInPopup();
  fake.completeSignInWith(authenticationResult(anne, 'token-1', inAnHour()));
  await login({});
}

beforeEach(() => {
  sessionStorage.clear();
  forgetCachedSession();
  forgetSignInError();
  window.history.replaceState(null, '', '/');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('start', () => {
  it('configures MSAL from the environment info and keeps clientId and authority in session storage', async () => {
    platform();
    const { createMsal, fake } = await start();
    const configuration = createMsal.mock.calls[0][0];
    expect(configuration.auth.clientId).toBe('console');
    expect(configuration.auth.authority).toBe('https://localhost:8443/oidc');
    expect(configuration.auth.knownAuthorities).toEqual(['localhost:8443']);
    expect(fake.initialize).toHaveBeenCalledTimes(1);
    expect(fake.handleRedirectPromise).toHaveBeenCalledTimes(1);
    expect(readSession()).toMatchObject({
      clientId: 'console',
      authority: 'https://localhost:8443/oidc',
      cdnBaseUrl: '/cdn',
    });
  });

  it('calls environment info without a token', async () => {
    const server = platform();
    await start();
    const [info] = server.requests;
    expect(info.path).toBe('/api/1/environment/info');
    expect(info.headers.has('Authorization')).toBe(false);
  });
});

describe('popup sign-in (desktop)', () => {
  beforeEach(() => setViewport(1366));

  it('signs in with the API scope plus User.Read, registers the user and loads the environments', async () => {
    const server = platform();
    const { fake, authProvider } = await start();
    const { popup, open, visited } = installFakeSignInPopup();
    fake.completeSignInWith(authenticationResult(anne, 'token-1', inAnHour()));
    await authProvider.login({});

    // MSAL prepares the request, the provider opens in the popup instead of this page, and the answer
    // the popup came back with is redeemed here.
    expect(fake.loginRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ scopes: ['api://console/access_as_user', 'User.Read'] }),
    );
    expect(open).toHaveBeenCalledWith('about:blank', 'dpp.sign-in', expect.stringContaining('popup=yes'));
    expect(visited[0]).toBe(authorizeUrl);
    expect(fake.handleRedirectPromise).toHaveBeenLastCalledWith('#code=c0de&state=st4te');
    expect(popup.closed).toBe(true);
    expect(fake.getActiveAccount()).toEqual(anne);

    const register = server.requests.find((request) => request.path === '/api/1/users');
    expect(register?.method).toBe('POST');
    expect(register?.body).toEqual({ environmentId: embeddedInfo.id, username: 'anne@voorbeeld.nl' });
    expect(register?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(register?.headers.get('X-Environment-Id')).toBe(embeddedInfo.id);

    const available = server.requests.find((request) => request.path.endsWith('/available'));
    expect(available?.path).toBe(`/api/1/environments/environment/${embeddedInfo.id}/available`);
    expect(available?.query.get('userId')).toBe(userId);

    expect(readSession()).toMatchObject({
      accessToken: 'token-1',
      userEmail: 'anne@voorbeeld.nl',
      userName: 'Anne de Vries',
      userId,
      environmentId: zuiderveen.environment.id,
      availableEnvironmentCount: 3,
      signInType: 'popup',
      baseUrl: '',
    });
    expect(readSession().tokenExpiresAt).toBeGreaterThan(Date.now());
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('sends environment calls to the selected environment with the bearer token and the environment header', async () => {
    const server = platform();
    const { fake, authProvider, dataProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    updateSession({ environmentId: cultuurhuis.environment.id });

    await dataProvider.getEnvironmentTheme();
    const themes = server.requests.at(-1);
    expect(themes?.path).toBe(`/api/1/${cultuurhuis.environment.id}/themes`);
    expect(themes?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(themes?.headers.get('X-Environment-Id')).toBe(cultuurhuis.environment.id);
  });

  it('logs a failed sign-in and rejects with its Dutch message', async () => {
    platform();
    const { fake, authProvider } = await start();
    installFakeSignInPopup();
    fake.failSignInWith(new BrowserAuthError('no_network_connectivity'));
    await expect(authProvider.login({})).rejects.toMatchObject({ messageKey: 'app.login.error.network' });
    expect(console.error).toHaveBeenCalledWith('Sign-in failed', expect.any(BrowserAuthError));
    expect(readSession().userId).toBeUndefined();
  });

  it('says so when the browser blocks the popup', async () => {
    platform();
    const { fake, authProvider } = await start();
    installFakeSignInPopup({ blocked: true });
    await expect(authProvider.login({})).rejects.toMatchObject({
      messageKey: 'app.login.error.popup_blocked',
    });
    expect(fake.loginRedirect).not.toHaveBeenCalled();
  });

  it('lets the user try again after closing the popup', async () => {
    platform();
    const { fake, authProvider } = await start();
    installFakeSignInPopup({ closedByUser: true });
    await expect(authProvider.login({})).rejects.toMatchObject({ messageKey: 'app.login.error.cancelled' });
    // MSAL's unfinished sign-in is cleaned up with an answer it does not recognise.
    expect(fake.handleRedirectPromise).toHaveBeenLastCalledWith(
      expect.stringMatching(/^#dpp_sign_in_abandoned=/),
    );
    vi.restoreAllMocks();
    await signInWithPopup(fake, authProvider.login);
    expect(readSession().userId).toBe(userId);
  });

  it('refuses a user without any environment', async () => {
    platform([]);
    const { fake, authProvider } = await start();
    installFakeSignInPopup();
    fake.completeSignInWith(authenticationResult(anne, 'token-1', inAnHour()));
    await expect(authProvider.login({})).rejects.toMatchObject({
      messageKey: 'app.login.error.no_environment',
    });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });
});

describe('redirect sign-in (phone)', () => {
  beforeEach(() => setViewport(390));

  it('redirects to the identity provider, carrying the deep link in the request state', async () => {
    platform();
    const { fake, authProvider } = await start();
    vi.spyOn(window, 'open');
    void authProvider.login({ returnTo: '/recievers/lists/abc' });
    await vi.waitFor(() => expect(fake.loginRedirect).toHaveBeenCalled());
    expect(fake.loginRedirect).toHaveBeenCalledWith({
      scopes: ['api://console/access_as_user', 'User.Read'],
      state: '/recievers/lists/abc',
    });
    expect(window.open).not.toHaveBeenCalled();
    expect(readSession().signInType).toBe('redirect');
  });

  it('completes the sign-in when the provider sends the browser back, then returns to the deep link', async () => {
    const server = platform();
    const { fake, msal } = createFakeMsal();
    fake.handleRedirectPromise.mockResolvedValueOnce(
      authenticationResult(anne, 'token-1', inAnHour(), '/recievers/lists/abc'),
    );
    const { authProvider } = await startConsole({ baseUrl: '', createMsal: () => msal });

    expect(fake.getActiveAccount()).toEqual(anne);
    expect(server.requests.map((request) => request.path)).toContain('/api/1/users');
    expect(readSession()).toMatchObject({
      userId,
      signInType: 'redirect',
      environmentId: zuiderveen.environment.id,
    });
    expect(window.location.pathname).toBe('/recievers/lists/abc');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('keeps a failed redirect sign-in for the login page', async () => {
    platform();
    const { fake, msal } = createFakeMsal();
    fake.handleRedirectPromise.mockRejectedValueOnce(new BrowserAuthError('user_cancelled'));
    await startConsole({ baseUrl: '', createMsal: () => msal });
    expect(lastSignInError()).toBe('app.login.error.cancelled');
    expect(console.error).toHaveBeenCalledWith('Redirect sign-in failed', expect.any(BrowserAuthError));
  });

  it('ignores a returned state that points off the site', async () => {
    platform();
    const { fake, msal } = createFakeMsal();
    fake.handleRedirectPromise.mockResolvedValueOnce(
      authenticationResult(anne, 'token-1', inAnHour(), '//evil.example/'),
    );
    await startConsole({ baseUrl: '', createMsal: () => msal });
    expect(window.location.pathname).toBe('/');
  });
});

describe('expired token', () => {
  beforeEach(() => setViewport(1366));

  it('refreshes silently, reruns the sign-in handling and sends the new token', async () => {
    const server = platform();
    const { fake, authProvider, dataProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    updateSession({ tokenExpiresAt: Date.now() - 1000 });
    const renewedExpiry = inAnHour();
    fake.acquireTokenSilent.mockResolvedValue(authenticationResult(anne, 'token-2', renewedExpiry));

    await dataProvider.getEnvironmentTheme();

    expect(fake.acquireTokenSilent).toHaveBeenCalledWith({
      scopes: ['api://console/access_as_user', 'User.Read'],
      account: anne,
    });
    expect(server.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer token-2');
    expect(readSession()).toMatchObject({ accessToken: 'token-2', tokenExpiresAt: renewedExpiry.getTime() });
  });

  it('refreshes once for calls that find the token expired together', async () => {
    platform();
    const { fake, authProvider, dataProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    updateSession({ tokenExpiresAt: Date.now() - 1000 });
    fake.acquireTokenSilent.mockResolvedValue(authenticationResult(anne, 'token-2', inAnHour()));
    await Promise.all([dataProvider.getEnvironmentTheme(), dataProvider.getEnvironmentTheme()]);
    expect(fake.acquireTokenSilent).toHaveBeenCalledTimes(1);
  });

  it('rejects the request with a 401 when the refresh fails, which sends the user back to the login page', async () => {
    const server = platform();
    const { fake, authProvider, dataProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    const requestsBefore = server.requests.length;
    updateSession({ tokenExpiresAt: Date.now() - 1000 });
    fake.acquireTokenSilent.mockRejectedValue(new InteractionRequiredAuthError('login_required'));

    const failure = await dataProvider.getEnvironmentTheme().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 401, message: 'app.auth.session_expired' });
    expect(server.requests.length).toBe(requestsBefore); // the request never left
    await expect(authProvider.checkError(failure)).rejects.toEqual({ message: 'app.auth.session_expired' });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: 'app.auth.session_expired' });
  });
});

describe('checks and sign-out', () => {
  beforeEach(() => setViewport(1366));

  it('is not signed in without a session', async () => {
    platform();
    const { authProvider } = await start();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('keeps the user signed in on 403 and 404 answers', async () => {
    platform();
    const { authProvider } = await start();
    await expect(authProvider.checkError(new HttpError('Geen toegang', 403))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('Niet gevonden', 404))).resolves.toBeUndefined();
  });

  it('knows who is signed in', async () => {
    platform();
    const { fake, authProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      id: userId,
      fullName: 'Anne de Vries',
    });
  });

  it('signs out at the identity provider from the sign-out action', async () => {
    platform();
    const { fake, authProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    await expect(authProvider.logout({ endIdentityProviderSession: true })).resolves.toBe(false);
    expect(fake.logoutRedirect).toHaveBeenCalledWith({ account: anne, idTokenHint: 'raw-id-token' });
    expect(readSession().accessToken).toBeUndefined();
    expect(readSession().clientId).toBe('console');
  });

  it('only forgets the tab’s tokens when react-admin logs out after a failed check', async () => {
    platform();
    const { fake, authProvider } = await start();
    await signInWithPopup(fake, authProvider.login);
    await authProvider.logout({});
    expect(fake.logoutRedirect).not.toHaveBeenCalled();
    expect(fake.clearCache).toHaveBeenCalled();
    expect(readSession().userId).toBeUndefined();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });
});
