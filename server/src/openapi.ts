import fastifySwagger from '@fastify/swagger';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { errorResponses } from './contract/common';
import { publicRateLimit } from './http/rateLimit';
import { finishOpenApiDocument, type OpenApiObject } from './openApiDocument';
import { environmentHeader, environmentPrefix } from './routes/scope';

/** Paths the document describes. */
const documentedPrefixes = ['/api/', '/cdn/', '/f/', '/s/', '/v/'];

/** Where the document is served; `npm run openapi` writes the same document to docs/api/openapi.json. */
export const openApiPath = '/api/docs';

/**
 * Registers @fastify/swagger (OpenAPI 3.1). Routes under the environment scope get the path id, the
 * X-Environment-Id header and bearer security documented here once, instead of in every route.
 * Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Digitaal publicatie platform API',
        version: '1',
        description:
          'Reference API server of the console. Calls the spec does not show are marked `x-extension: true`. ' +
          `Every /api/1/{environmentId}/… call needs a bearer access token and the ${environmentHeader} header, ` +
          'which must equal the path environment id; a GET marked `x-download` (a file) also takes a download ' +
          'ticket from POST /download-ticket instead, as a link the browser follows. Errors are JSON ' +
          '{status, message, field?} with a Dutch message.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          downloadTicket: {
            type: 'apiKey',
            in: 'query',
            name: 'ticket',
            description:
              'Only on GET routes marked `x-download`: a ticket from POST /download-ticket, for a link the ' +
              'browser follows (no Authorization or X-Environment-Id header).',
          },
        },
      },
    },
    // Shared schemas (app.addSchema with $id) become components named after their $id.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`),
    },
    transform: ({ schema, url, route }) => {
      // The document describes the API, the image CDN and the public form pages; /oidc is a standard OpenID
      // Connect provider with its own discovery.
      if (!documentedPrefixes.some((prefix) => url.startsWith(prefix)))
        return { schema: { ...schema, hide: true }, url };
      if (!schema) return { schema, url };
      if (!url.startsWith(`${environmentPrefix}/`)) {
        const secured = publicUnlessSecured(schema);
        const isPublic = Array.isArray(secured.security) && secured.security.length === 0;
        return { schema: isPublic || isRateLimited(route) ? withRateLimitAnswer(secured) : secured, url };
      }
      const limited = isRateLimited(route) ? withRateLimitAnswer(schema) : schema;
      const params =
        (schema.params as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {};
      const headers =
        (schema.headers as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {};
      const environment = Type.String({ format: 'uuid', description: 'Must equal {environmentId}.' });
      // A download also works as a plain link with a ticket instead of the token and the header (the
      // `ticket` query parameter is documented by its security scheme).
      const download = schema['x-download'] === true;
      return {
        url,
        schema: {
          ...limited,
          params: Type.Object({ environmentId: Type.String({ format: 'uuid' }), ...params }),
          headers: Type.Object({
            ...headers,
            [environmentHeader]: download
              ? Type.Optional({
                  ...environment,
                  description: 'Must equal {environmentId}; not with a ticket.',
                })
              : environment,
          }),
          security: download ? [{ bearer: [] }, { downloadTicket: [] }] : [{ bearer: [] }],
        },
      };
    },
    // Servers, operation ids, path parameter names and file answers, once for the whole document.
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('Only an OpenAPI 3 document is made here.');
      return finishOpenApiDocument(
        documentObject.openapiObject as OpenApiObject,
      ) as typeof documentObject.openapiObject;
    },
  });
  // `npm run openapi` reads the document from app.swagger(), so it is written whether served or not.
  if (!app.config.apiDocs) return;
  // Public, so limited per client address; the routes do not change while the server runs, so the
  // document is written out once (the compression hook still compresses each answer).
  let text: string | undefined;
  app.get(
    openApiPath,
    {
      ...publicRateLimit({ max: app.config.publicReads.apiDocsPerMinute, timeWindow: '1 minute' }),
      schema: { hide: true },
    },
    async (_request, reply) =>
      reply
        .headers(documentHeaders)
        .type('application/json; charset=utf-8')
        .send((text ??= formatOpenApiDocument(app.swagger()))),
  );
}

/**
 * A route outside the environment scope that names no security needs none: it says so (`security: []`),
 * so a reader (and a linter) can tell a public operation from one whose security was forgotten.
 */
function publicUnlessSecured(schema: FastifySchema): FastifySchema {
  return schema.security === undefined ? { ...schema, security: [] } : schema;
}

/** Routes limited per client address (http/rateLimit.ts): every public one is, by the project's rule. */
function isRateLimited(route: RouteOptions): boolean {
  return Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
}

/** The 429 a rate-limited route answers beyond its limit. */
function withRateLimitAnswer(schema: FastifySchema): FastifySchema {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return { ...schema, response: { ...errorResponses(429), ...response } };
}

/** The document is data: it loads nothing, runs nothing and is never framed. */
const documentHeaders = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
};

/** The one serialisation of the document, shared by /api/docs, `npm run openapi` and the staleness test. */
export function formatOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
