import type { FastifyRequest } from 'fastify';

/** The ETags the request's If-None-Match names, weak ones as strong: the copies the client holds. */
export function heldEtags(request: FastifyRequest): string[] {
  const header = request.headers['if-none-match'];
  if (!header) return [];
  return header.split(',').map((candidate) => candidate.trim().replace(/^W\//, ''));
}

/** Whether the request's If-None-Match names `etag` (weak or strong): the client's copy is current (304). */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  return heldEtags(request).includes(etag);
}
