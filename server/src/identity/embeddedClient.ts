import type { AppConfig } from '../config';

/** The console's client id at the embedded provider (a public SPA client: no secret, PKCE). */
export const embeddedClientId = 'dpp-console';

/** The API as an OAuth resource: the `aud` of every access token the embedded provider issues. */
export const apiResource = `api://${embeddedClientId}`;

/** The scope the console asks for to call the API; same shape as an Entra ID exposed API scope. */
export const apiScope = `${apiResource}/access_as_user`;

/**
 * Microsoft Graph's profile scope. The console always asks it next to the API scope (Entra ID needs it);
 * the embedded provider must know it, else MSAL never finds the token it asked for in its cache.
 */
export const userReadScope = 'User.Read';

/** The Vite dev server's origin (`npm run dev`); it signs in against this server's provider. */
export const viteDevOrigin = 'https://localhost:5173';

/** The mount path of the embedded provider on the server's origin. */
export const providerMountPath = '/oidc';

export interface EmbeddedClientSettings {
  issuer: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/**
 * Where the embedded provider may send the browser back to: the site root (the spec's redirect target),
 * plus the Vite dev origin outside production.
 */
export function embeddedClientSettings(config: AppConfig): EmbeddedClientSettings {
  const origins = config.production ? [config.publicUrl] : unique([config.publicUrl, viteDevOrigin]);
  const roots = origins.map((origin) => `${origin}/`);
  return {
    issuer: `${config.publicUrl}${providerMountPath}`,
    clientId: embeddedClientId,
    redirectUris: roots,
    postLogoutRedirectUris: roots,
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
