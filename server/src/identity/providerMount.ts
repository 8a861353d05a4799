import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { publicRateLimit } from '../http/rateLimit';
import { everyAnswerSecurityHeaders } from '../http/securityHeaders';
import { formHasControlCharacter, oauthRefusal } from './controlCharacterGuard';
import { providerMountPath } from './embeddedClient';
import { FormBodyTooLargeError, readFormBody, withoutOfflineAccessOnRefresh } from './refreshScope';

/** What oidc-provider reads beyond a plain Node request. */
interface ProviderRequest extends IncomingMessage {
  /** oidc-provider derives its mount path from `originalUrl` minus `url`. */
  originalUrl?: string;
  /** A form body read before the provider saw it (checked for control characters). */
  body?: string;
}

/**
 * Hands every request under /oidc to oidc-provider (a Koa app) on the raw Node request and response.
 * The interaction routes' more specific paths win over this wildcard in Fastify's router.
 */
export async function registerProviderMount(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  const securityHeaders = everyAnswerSecurityHeaders(app.config);

  await app.register(async (scope) => {
    // Encapsulated, so it only affects /oidc: accept any body but leave the stream unread, oidc-provider
    // parses it itself (Fastify has no urlencoded parser and would answer 415 or consume the stream).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as ProviderRequest;
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      const rest = url.slice(providerMountPath.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      // A hijacked reply skips the server's onSend hooks: the provider's answers get the same headers here
      // (oidc-provider keeps headers already set on the response unless it sets them itself).
      for (const [name, value] of Object.entries(securityHeaders)) reply.raw.setHeader(name, value);
      if (raw.method === 'GET' && raw.url.split('?')[0] === jwksPath)
        reply.raw.setHeader('cache-control', jwksCaching);
      try {
        if (raw.method === 'POST' && request.headers['content-type']?.startsWith(formContentType)) {
          // oidc-provider accepts a pre-read body (with a one-time warning in the log).
          const form = await readFormBody(raw);
          if (formHasControlCharacter(form)) return sendOAuthError(reply.raw, 400);
          raw.body = raw.url.split('?')[0] === '/token' ? withoutOfflineAccessOnRefresh(form) : form;
        }
        await callback(raw, reply.raw);
      } catch (error) {
        // An oversized body is the client's mistake (or abuse), answered 413: no server failure.
        if (error instanceof FormBodyTooLargeError) {
          request.log.info({ status: 413 }, 'identity provider request refused: body too large');
          sendOAuthError(reply.raw, 413);
          return;
        }
        request.log.error({ err: error }, 'identity provider request failed');
        sendOAuthError(reply.raw, 500);
      }
    };

    // Public (no sign-in needed): bounded per client address, answered with a Dutch 429.
    const limit = publicRateLimit({ max: app.config.identityRequestsPerMinute, timeWindow: '1 minute' });
    scope.all(providerMountPath, limit, handle);
    scope.all(`${providerMountPath}/*`, limit, handle);
  });
}

const formContentType = 'application/x-www-form-urlencoded';

/** The provider's key set (its discovery's `jwks_uri`). */
const jwksPath = '/jwks';

/**
 * Verifiers may keep the key set for ten minutes: the signing keys are persisted and change rarely, and a
 * verifier that misses a new key fetches the set again anyway (jose's createRemoteJWKSet does).
 */
const jwksCaching = 'public, max-age=600';

const oauthErrors: Record<400 | 413 | 500, object> = {
  400: oauthRefusal,
  413: { error: 'invalid_request', error_description: 'request body too large' },
  500: { error: 'server_error', error_description: 'unexpected error' },
};

function sendOAuthError(response: ServerResponse, status: 400 | 413 | 500): void {
  if (response.headersSent || response.destroyed) return;
  const body = JSON.stringify(oauthErrors[status]);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(body);
}
