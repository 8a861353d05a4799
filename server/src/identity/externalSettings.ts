/** How the console talks to the provider: MSAL's Entra ID (AAD) mode or its generic OIDC mode. */
export type IdentityProtocol = 'entra' | 'oidc';

/** An external OpenID Connect provider (Microsoft Entra ID or any other), fully configured. */
export interface ExternalProviderSettings {
  /** IDENTITY_AUTHORITY without a trailing slash: the issuer / authority URL handed to the console. */
  authority: string;
  /** IDENTITY_CLIENT_ID: the console's (SPA) client id at the provider. */
  clientId: string;
  /** IDENTITY_AUDIENCE: the `aud` the API requires in access tokens. */
  audience: string;
  /** API_SCOPE: the scope the console requests for API calls (e.g. api://…/access_as_user). */
  apiScope: string;
  /** IDENTITY_PROTOCOL, else derived from the authority's host (see microsoftLoginHosts). */
  protocol: IdentityProtocol;
  /** IDENTITY_EXTRA_SCOPES: consented at sign-in next to the API scope; `User.Read` for Entra ID, none else. */
  extraScopes: string[];
}

const variables = {
  authority: 'IDENTITY_AUTHORITY',
  clientId: 'IDENTITY_CLIENT_ID',
  audience: 'IDENTITY_AUDIENCE',
  apiScope: 'API_SCOPE',
} as const;

/**
 * Microsoft's sign-in hosts: the public cloud and its `login.microsoft.com` alias, the US government and
 * China (21Vianet) clouds, and Entra External ID tenants (`{tenant}.ciamlogin.com`). Any other host is a
 * generic OpenID Connect provider unless IDENTITY_PROTOCOL says otherwise.
 */
export const microsoftLoginHosts = [
  'login.microsoftonline.com',
  'login.microsoft.com',
  'login.microsoftonline.us',
  'login.chinacloudapi.cn',
  'login.partner.microsoftonline.cn',
];
const microsoftLoginDomainSuffixes = ['.ciamlogin.com'];

/** Microsoft Graph's profile scope: what Entra ID sign-ins consent to next to the API by default. */
export const graphUserReadScope = 'User.Read';

export function isMicrosoftAuthority(authority: string): boolean {
  const host = new URL(authority).hostname.toLowerCase();
  return microsoftLoginHosts.includes(host) || microsoftLoginDomainSuffixes.some((s) => host.endsWith(s));
}

/**
 * The external provider's settings when any of them is set, else undefined (the embedded provider runs).
 * Half a configuration is refused: silently falling back to the embedded provider would be a security hole.
 * Called by loadConfig, so a bad setting stops the start before anything is written.
 */
export function readExternalProviderSettings(env: NodeJS.ProcessEnv): ExternalProviderSettings | undefined {
  const values = {
    authority: nonEmpty(env.IDENTITY_AUTHORITY),
    clientId: nonEmpty(env.IDENTITY_CLIENT_ID),
    audience: nonEmpty(env.IDENTITY_AUDIENCE),
    apiScope: nonEmpty(env.API_SCOPE),
  };
  const protocolSetting = nonEmpty(env.IDENTITY_PROTOCOL)?.toLowerCase();
  const extraScopesSetting = env.IDENTITY_EXTRA_SCOPES;
  const { authority, clientId, audience, apiScope } = values;
  if (!authority && !clientId && !audience && !apiScope) {
    if (protocolSetting || nonEmpty(extraScopesSetting)) {
      throw new Error('IDENTITY_PROTOCOL and IDENTITY_EXTRA_SCOPES only apply with IDENTITY_AUTHORITY set.');
    }
    return undefined;
  }
  const missing = (Object.keys(variables) as (keyof typeof variables)[])
    .filter((key) => !values[key])
    .map((key) => variables[key]);
  if (missing.length > 0 || !authority || !clientId || !audience || !apiScope) {
    throw new Error(
      `An external identity provider needs IDENTITY_AUTHORITY, IDENTITY_CLIENT_ID, IDENTITY_AUDIENCE and API_SCOPE; missing: ${missing.join(', ')}.`,
    );
  }
  if (!URL.canParse(authority) || new URL(authority).protocol !== 'https:') {
    throw new Error(`IDENTITY_AUTHORITY must be an https:// URL, got '${authority}'.`);
  }
  if (protocolSetting !== undefined && protocolSetting !== 'entra' && protocolSetting !== 'oidc') {
    throw new Error(`IDENTITY_PROTOCOL must be 'entra' or 'oidc', got '${env.IDENTITY_PROTOCOL}'.`);
  }
  const protocol: IdentityProtocol = protocolSetting ?? (isMicrosoftAuthority(authority) ? 'entra' : 'oidc');
  if (!apiScopeName(apiScope)) {
    throw new Error(
      `API_SCOPE must name a scope such as api://{client-id}/access_as_user, got '${apiScope}'.`,
    );
  }
  const extraScopes =
    extraScopesSetting === undefined
      ? protocol === 'entra'
        ? [graphUserReadScope]
        : []
      : extraScopesSetting.split(/[\s,]+/).filter(Boolean);
  return { authority: authority.replace(/\/+$/, ''), clientId, audience, apiScope, protocol, extraScopes };
}

/**
 * The scope's own name, as Entra ID writes it in the token's `scp`: the last path segment of
 * `api://{client-id}/access_as_user`, or the whole value when it has no slash.
 */
export function apiScopeName(apiScope: string): string {
  return apiScope.slice(apiScope.lastIndexOf('/') + 1);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
