import {
  LogLevel,
  ProtocolMode,
  type Configuration,
  type RedirectRequest,
  type SilentRequest,
} from '@azure/msal-browser';

/** What MSAL needs from the environment info. */
export interface SignInSettings {
  clientId: string;
  authority: string;
  apiScope: string;
  /** The server's decision (IDENTITY_PROTOCOL or its list of Microsoft hosts); absent: judged by the host. */
  protocol?: 'entra' | 'oidc';
  /** Scopes asked at sign-in next to the API scope (IDENTITY_EXTRA_SCOPES); absent: User.Read. */
  extraScopes?: string[];
}

/** The identity provider's public login host: Microsoft Entra ID. Any other host is a plain OIDC provider. */
export const entraLoginHost = 'login.microsoftonline.com';

/**
 * MSAL treats an access token as expired this many seconds before its `exp` (its default is 300 s).
 * With the default, a token that lives less than five minutes (the end-to-end tests use short-lived
 * ones) would count as expired on arrival and every call would hit the identity provider; 5 s still
 * covers the clock skew and the request's own travel time.
 */
export const tokenRenewalOffsetSeconds = 5;

/** Microsoft Graph's profile scope the spec asks for next to the API scope. */
export const userReadScope = 'User.Read';

export function isEntraAuthority(authority: string): boolean {
  return new URL(authority).hostname.toLowerCase() === entraLoginHost;
}

/** Entra ID mode when the server says so; an older server says nothing, then the host decides. */
function usesEntraProtocol(settings: SignInSettings): boolean {
  return settings.protocol ? settings.protocol === 'entra' : isEntraAuthority(settings.authority);
}

export function buildMsalConfiguration(settings: SignInSettings): Configuration {
  const oidc = !usesEntraProtocol(settings);
  return {
    auth: {
      clientId: settings.clientId,
      authority: settings.authority,
      // The site root; MSAL resolves it against the current origin.
      redirectUri: '/',
      postLogoutRedirectUri: '/',
      // The console handles the redirect response at '/' itself and restores the deep link from the
      // request state, which saves the extra page load MSAL would otherwise make.
      navigateToLoginRequestUrl: false,
      ...(oidc && {
        protocolMode: ProtocolMode.OIDC,
        // host:port, e.g. localhost:8443; without the port MSAL does not recognise the authority and
        // falls back to Microsoft's instance discovery, which fails for a local provider.
        knownAuthorities: [new URL(settings.authority).host],
      }),
    },
    // Shared by the browser's tabs of the console: a new tab signs in silently from it (startSignIn)
    // instead of asking again. Signing out clears it for every tab.
    cache: { cacheLocation: 'localStorage' },
    system: {
      tokenRenewalOffsetSeconds,
      loggerOptions: {
        logLevel: LogLevel.Error,
        piiLoggingEnabled: false,
        loggerCallback: (_level, message) => console.error(`[msal] ${message}`),
      },
    },
  };
}

export interface SignInRequests {
  /** For the sign-in (both popup and redirect run MSAL's redirect sign-in, see signInPopup). */
  login: RedirectRequest;
  /** For acquireTokenSilent (the account is added per call). */
  token: Omit<SilentRequest, 'account'>;
}

/**
 * The scopes are the API scope plus the extra scopes the server names (spec §1: User.Read). A generic
 * OIDC provider issues one token that carries them all. Entra ID issues one resource per token, so there
 * the extra scopes are consented at sign-in (`extraScopesToConsent`) and API calls ask for the API scope alone.
 */
export function buildSignInRequests(settings: SignInSettings): SignInRequests {
  const extraScopes = settings.extraScopes ?? [userReadScope];
  if (usesEntraProtocol(settings)) {
    return {
      login: {
        scopes: [settings.apiScope],
        ...(extraScopes.length > 0 && { extraScopesToConsent: extraScopes }),
      },
      token: { scopes: [settings.apiScope] },
    };
  }
  const scopes = [settings.apiScope, ...extraScopes];
  return { login: { scopes }, token: { scopes } };
}
