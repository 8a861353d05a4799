import { ProtocolMode, PublicClientApplication } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import {
  buildMsalConfiguration,
  buildSignInRequests,
  isEntraAuthority,
  tokenRenewalOffsetSeconds,
} from '../../src/authProvider/msalConfiguration';

const embedded = {
  clientId: 'console',
  authority: 'https://localhost:8443/oidc',
  apiScope: 'api://console/access_as_user',
};
const entra = {
  clientId: '6f1c3f9e-0000-4000-8000-000000000001',
  authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
  apiScope: 'api://dpp-api/access_as_user',
};

describe('MSAL configuration', () => {
  it('uses OIDC with the authority host and port as known authority for a local provider', () => {
    const { auth } = buildMsalConfiguration(embedded);
    expect(auth.protocolMode).toBe(ProtocolMode.OIDC);
    expect(auth.knownAuthorities).toEqual(['localhost:8443']);
    expect(auth.clientId).toBe('console');
    expect(auth.authority).toBe('https://localhost:8443/oidc');
  });

  it('leaves the default port out of the known authority', () => {
    const { auth } = buildMsalConfiguration({
      ...embedded,
      authority: 'https://login.gemeente.example/oidc',
    });
    expect(auth.knownAuthorities).toEqual(['login.gemeente.example']);
  });

  it("keeps MSAL's defaults for Microsoft's login host", () => {
    expect(isEntraAuthority(entra.authority)).toBe(true);
    expect(isEntraAuthority('https://LOGIN.microsoftonline.com/common')).toBe(true);
    expect(isEntraAuthority(embedded.authority)).toBe(false);
    const { auth } = buildMsalConfiguration(entra);
    expect(auth.protocolMode).toBeUndefined();
    expect(auth.knownAuthorities).toBeUndefined();
  });

  it('redirects to the site root and caches tokens in local storage, shared by the tabs', () => {
    const configuration = buildMsalConfiguration(embedded);
    expect(configuration.auth.redirectUri).toBe('/');
    expect(configuration.auth.postLogoutRedirectUri).toBe('/');
    expect(configuration.cache?.cacheLocation).toBe('localStorage');
  });

  it('renews tokens only a few seconds before they expire', () => {
    expect(buildMsalConfiguration(embedded).system?.tokenRenewalOffsetSeconds).toBe(
      tokenRenewalOffsetSeconds,
    );
    expect(tokenRenewalOffsetSeconds).toBeLessThanOrEqual(10);
  });

  it('is accepted by MSAL as it is', () => {
    const msal = new PublicClientApplication(buildMsalConfiguration(embedded));
    const applied = msal.getConfiguration();
    expect(applied.auth.protocolMode).toBe(ProtocolMode.OIDC);
    expect(applied.auth.knownAuthorities).toEqual(['localhost:8443']);
    expect(applied.cache.cacheLocation).toBe('localStorage');
    expect(applied.system.tokenRenewalOffsetSeconds).toBe(tokenRenewalOffsetSeconds);
  });
});

describe('sign-in scopes', () => {
  it('asks a local provider for the API scope plus User.Read, at sign-in and for tokens', () => {
    const requests = buildSignInRequests(embedded);
    expect(requests.login.scopes).toEqual(['api://console/access_as_user', 'User.Read']);
    expect(requests.token.scopes).toEqual(['api://console/access_as_user', 'User.Read']);
  });

  it('consents User.Read at sign-in on Entra ID and asks tokens for the API alone (one resource per token)', () => {
    const requests = buildSignInRequests(entra);
    expect(requests.login.scopes).toEqual(['api://dpp-api/access_as_user']);
    expect(requests.login.extraScopesToConsent).toEqual(['User.Read']);
    expect(requests.token.scopes).toEqual(['api://dpp-api/access_as_user']);
  });

  it('follows the protocol and extra scopes the server names, whatever the host', () => {
    const entraByConfiguration = {
      ...embedded,
      authority: 'https://contoso.ciamlogin.com/tenant-id/v2.0',
      protocol: 'entra' as const,
      extraScopes: [],
    };
    const asEntra = buildSignInRequests(entraByConfiguration);
    expect(asEntra.login).toEqual({ scopes: ['api://console/access_as_user'] });
    expect(buildMsalConfiguration(entraByConfiguration).auth.protocolMode).toBeUndefined();

    const genericOidc = { ...entra, protocol: 'oidc' as const, extraScopes: [] };
    expect(buildSignInRequests(genericOidc).token.scopes).toEqual(['api://dpp-api/access_as_user']);
    expect(buildMsalConfiguration(genericOidc).auth.protocolMode).toBe(ProtocolMode.OIDC);
  });
});
