import type { FastifyRequest } from 'fastify';

/** Whether the request's If-None-Match names `etag` (weak or strong): the client's copy is current (304). */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
