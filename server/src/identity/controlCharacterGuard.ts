import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasNonTextControlCharacter } from '../http/controlCharacters';
import { providerMountPath } from './embeddedClient';
import { pageHeaders } from './pages/layout';
import { errorPage } from './pages/messagePages';

const refusal =
  'De aanvraag bevat een ongeldig teken (een stuurteken). Ga terug naar de console en probeer het opnieuw.';

/** The OAuth error body of the refusal, for programs (the token endpoint and other form posts). */
export const oauthRefusal = { error: 'invalid_request', error_description: refusal };

/**
 * Refuses control characters in the parameters of /oidc requests, which the contract does not cover:
 * oidc-provider keeps them in its JSON storage, and PostgreSQL refuses a NUL there (it answered 500).
 * Query parameters are checked for every /oidc request, form fields once a body has been read
 * (`formHasControlCharacter` for the bodies the provider mount reads itself).
 */
export function registerControlCharacterGuard(app: FastifyInstance, consoleUrl: string): void {
  const refuse = (request: FastifyRequest, reply: FastifyReply) => sendRefusal(request, reply, consoleUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (!isProviderPath(request.url)) return;
    const query = request.url.indexOf('?');
    if (query >= 0 && formHasControlCharacter(request.url.slice(query + 1))) return refuse(request, reply);
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!isProviderPath(request.url) || !isObject(request.body)) return;
    const values = Object.entries(request.body).flat();
    if (values.some((value) => typeof value === 'string' && hasNonTextControlCharacter(value)))
      return refuse(request, reply);
  });
}

/** Whether a query string or urlencoded form holds a control character in a name or value. */
export function formHasControlCharacter(form: string): boolean {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(form);
  } catch {
    return false; // the provider refuses what it cannot parse itself
  }
  for (const [name, value] of params) {
    if (hasNonTextControlCharacter(name) || hasNonTextControlCharacter(value)) return true;
  }
  return false;
}

/** The Dutch 400: a page for the browser's own steps, an OAuth error body for programs (POST). */
export function sendRefusal(request: FastifyRequest, reply: FastifyReply, consoleUrl: string) {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return reply
      .status(400)
      .headers(pageHeaders)
      .send(errorPage({ message: refusal, consoleUrl, technical: { code: 'invalid_request' } }));
  }
  return reply
    .status(400)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(oauthRefusal);
}

function isProviderPath(url: string): boolean {
  return (
    url === providerMountPath ||
    url.startsWith(`${providerMountPath}/`) ||
    url.startsWith(`${providerMountPath}?`)
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
