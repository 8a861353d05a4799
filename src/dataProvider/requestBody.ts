export interface EncodedBody {
  body?: BodyInit;
  contentType?: string;
}

/**
 * Encodes a request body by the rule of spec §7: a JSON content type only when the serialised body is
 * longer than 2 characters. A body of `{}`, `[]` or `""` is not sent at all: without a content type the
 * server could not parse it, and it carries nothing. FormData and Blobs go out untouched, so the
 * browser sets the multipart boundary itself.
 */
export function encodeBody(body: unknown): EncodedBody {
  if (body === undefined || body === null) return {};
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return { body };
  const serialised = JSON.stringify(body);
  if (serialised.length <= 2) return {};
  return { body: serialised, contentType: 'application/json' };
}
