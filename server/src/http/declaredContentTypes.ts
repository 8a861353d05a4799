import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

interface BodyByContentType {
  content?: Record<string, unknown>;
}

/**
 * A route whose body schema is declared per content type (`body: { content: {...} }`, e.g. the public
 * form's JSON and form-encoded answers) accepts only those: any other type is refused with a Dutch 415
 * before the body is read. Fastify validates only the declared types and would hand the handler anything
 * else unchecked (a public form posted as text/plain reached it as a string: 500).
 * Must be registered before the routes: it reads each route's schema as the route is added.
 */
export function refuseUndeclaredContentTypes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const declared = (route.schema?.body as BodyByContentType | undefined)?.content;
    if (!declared) return;
    const accepted = new Set(Object.keys(declared).map((type) => type.toLowerCase()));
    const check = async (request: FastifyRequest) => {
      const type = mediaTypeOf(request.headers['content-type']);
      if (type !== undefined && !accepted.has(type)) throw unsupportedContentType();
    };
    const existing = route.preParsing;
    route.preParsing = existing ? [check, ...[existing].flat()] : check;
  });
}

/** `Application/JSON; charset=utf-8` → `application/json`; undefined without a Content-Type. */
function mediaTypeOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return header.split(';')[0]!.trim().toLowerCase();
}

/** The same words as Fastify's own refusal of a type no parser reads (errors.ts). */
const unsupportedContentType = () => new ApiError(415, 'Dit type inhoud wordt niet ondersteund.');
