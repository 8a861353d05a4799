import type { EnvironmentInfo } from '@contract/environment';
import type { AuthProvider } from 'react-admin';
import { createAccessTokenSource } from './authProvider/accessToken';
import { createAuthProvider } from './authProvider/authProvider';
import { createMemberAccess } from './authProvider/memberAccess';
import { buildSignInRequests } from './authProvider/msalConfiguration';
import { readSession, updateSession } from './authProvider/session';
import { createSignInHandling } from './authProvider/signInHandling';
import { chooseSignInMethod } from './authProvider/signInMethod';
import { createMsalClient, handleRedirectSignIn, type CreateMsalClient } from './authProvider/startSignIn';
import { createDataProvider } from './dataProvider/dataProvider';
import { createHttpClient } from './dataProvider/httpClient';
import { withPrefetch, type Prefetch } from './dataProvider/withPrefetch';
import type { HttpClient } from './dataProvider/httpTypes';
import { apiBaseUrl, resolveCdnBase } from './environments/apiBaseUrl';
import { withEnvironmentCalls, type ConsoleDataProvider } from './environments/environmentCalls';
import { fetchEnvironmentInfo } from './environments/fetchEnvironmentInfo';
import { resources } from './resources';

/** Everything the running console is built from, created once per page load. */
export interface ConsoleServices {
  info: EnvironmentInfo;
  http: HttpClient;
  authProvider: AuthProvider;
  /** With `prefetch`: the page being opened starts its reads early (App, prefetchRouteReads). */
  dataProvider: ConsoleDataProvider & { prefetch: Prefetch };
}

export interface StartOptions {
  baseUrl?: string;
  /** The environment info, when the small entry (src/boot/boot.ts) has fetched it already. */
  info?: EnvironmentInfo;
  fetchImpl?: typeof fetch;
  createMsal?: CreateMsalClient;
}

/**
 * The start sequence of spec §1: environment info, then MSAL configured from it, then the answer of a
 * redirect sign-in (handleRedirectPromise, exactly once per page load). The spinner shows meanwhile.
 */
export async function startConsole({
  baseUrl = apiBaseUrl,
  info: knownInfo,
  fetchImpl,
  createMsal,
}: StartOptions = {}): Promise<ConsoleServices> {
  const info = knownInfo ?? (await fetchEnvironmentInfo(baseUrl, fetchImpl));
  updateSession({
    clientId: info.clientId,
    authority: info.authority,
    apiScope: info.apiScope,
    defaultEnvironmentId: info.id,
    baseUrl,
    cdnBaseUrl: resolveCdnBase(info.cdnBase, baseUrl),
    mailCatcher: info.mailCatcher === true,
  });

  const msal = await createMsalClient(info, createMsal);
  const requests = buildSignInRequests(info);
  const http = createHttpClient({
    baseUrl,
    getAccessToken: () => tokens.getAccessToken(),
    // Before an environment is chosen (the sign-in calls) the default environment goes in the header.
    getEnvironmentId: () => readSession().environmentId ?? readSession().defaultEnvironmentId,
  });
  const signIn = createSignInHandling(http);
  const tokens = createAccessTokenSource({
    msal,
    tokenRequest: requests.token,
    onRefreshed: (result) => signIn.recordAuthentication(result),
  });

  await handleRedirectSignIn(msal, signIn, window.history, {
    tokenRequest: requests.token,
    signInType: chooseSignInMethod,
  });

  return {
    info,
    http,
    authProvider: createAuthProvider({
      msal,
      requests,
      signIn,
      tokens,
      access: createMemberAccess(http, resources),
    }),
    dataProvider: withPrefetch(withEnvironmentCalls(createDataProvider(resources, http), http), resources),
  };
}

let starting: Promise<ConsoleServices> | undefined;

/**
 * Starts once per page load (StrictMode runs effects twice, and the login screen starts the console
 * before the console renders); a failed start may be retried.
 */
export function startConsoleOnce(options: StartOptions = {}): Promise<ConsoleServices> {
  starting ??= startConsole(options).catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}
