import type { AppConfig } from '../config';

/** An external OpenID Connect provider (Microsoft Entra ID or any other), fully configured. */
export interface ExternalProviderSettings {
  authority: string;
  clientId: string;
  audience: string;
  apiScope: string;
}

const variables = {
  authority: 'IDENTITY_AUTHORITY',
  clientId: 'IDENTITY_CLIENT_ID',
  audience: 'IDENTITY_AUDIENCE',
  apiScope: 'API_SCOPE',
} as const;

/**
 * The external provider's settings when any of them is set, else undefined (the embedded provider runs).
 * Half a configuration is refused: silently falling back to the embedded provider would be a security hole.
 */
export function readExternalProviderSettings(config: AppConfig): ExternalProviderSettings | undefined {
  const { authority, clientId, audience, apiScope } = config.identity;
  if (!authority && !clientId && !audience && !apiScope) return undefined;
  const missing = (Object.keys(variables) as (keyof typeof variables)[])
    .filter((key) => !config.identity[key])
    .map((key) => variables[key]);
  if (missing.length > 0 || !authority || !clientId || !audience || !apiScope) {
    throw new Error(
      `An external identity provider needs IDENTITY_AUTHORITY, IDENTITY_CLIENT_ID, IDENTITY_AUDIENCE and API_SCOPE; missing: ${missing.join(', ')}.`,
    );
  }
  return { authority: authority.replace(/\/+$/, ''), clientId, audience, apiScope };
}
