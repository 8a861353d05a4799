/** The two fields of an OpenID Provider's discovery document the API needs. */
export interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
}

export type FetchFunction = typeof fetch;

const discoveryTimeoutMs = 10_000;

/** `{authority}/.well-known/openid-configuration`, e.g. https://login.microsoftonline.com/{tenant}/v2.0/… */
export function discoveryUrl(authority: string): string {
  return `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/** Reads the provider's discovery document; the issuer it names is the one tokens must carry. */
export async function fetchDiscoveryDocument(
  authority: string,
  fetchImpl: FetchFunction = fetch,
): Promise<DiscoveryDocument> {
  const url = discoveryUrl(authority);
  const response = await fetchImpl(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(discoveryTimeoutMs),
  });
  if (!response.ok) throw new Error(`OpenID discovery at ${url} answered ${response.status}.`);
  const document = (await response.json()) as Partial<Record<keyof DiscoveryDocument, unknown>>;
  if (typeof document.issuer !== 'string' || typeof document.jwks_uri !== 'string') {
    throw new Error(`OpenID discovery at ${url} has no issuer or jwks_uri.`);
  }
  return { issuer: document.issuer, jwks_uri: document.jwks_uri };
}
