import type { IncomingMessage } from 'node:http';

/** oidc-provider's own limit for form bodies. */
const formBodyLimitBytes = 56 * 1024;

/**
 * MSAL adds `openid profile offline_access` to the scope of every refresh_token grant. oidc-provider only
 * grants `offline_access` when the authorization request carried prompt=consent (OIDC Core §11), which MSAL
 * never sends, so the refresh token lacks it and the grant fails with invalid_scope "refresh token missing
 * requested scope". Entra ID has no such rule; the embedded provider drops `offline_access` from refresh
 * requests instead (refresh tokens are issued regardless, see issueRefreshToken).
 */
export function withoutOfflineAccessOnRefresh(formBody: string): string {
  const params = new URLSearchParams(formBody);
  const scope = params.get('scope');
  if (params.get('grant_type') !== 'refresh_token' || scope === null) return formBody;
  const kept = scope.split(' ').filter((value) => value && value !== 'offline_access');
  if (kept.length > 0) params.set('scope', kept.join(' '));
  else params.delete('scope');
  return params.toString();
}

export class FormBodyTooLargeError extends Error {}

/** Reads a request body as text, refusing more than oidc-provider itself would accept. */
export async function readFormBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    received += buffer.length;
    if (received > formBodyLimitBytes) throw new FormBodyTooLargeError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
