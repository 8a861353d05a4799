import type { FastifyReply } from 'fastify';

/**
 * Sends a big answer whose area module already builds exactly the contract's fields (a page of 250
 * subscribers, about 160 KB) as JSON.stringify's one flat string, encoded to bytes once. With the
 * route's fast-json-stringify, Node had to flatten the answer's thousands of joined pieces before it
 * could count and write them; and a text answer is measured and encoded again on the way out (its
 * length, the HTTP/2 write, the compression), where bytes are not (docs/performance.md, goal 4). The
 * route's response schema still documents the answer; the tests hold the rows to the schema'd single
 * read.
 */
export function sendJsonBytes(reply: FastifyReply, answer: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Buffer.from(JSON.stringify(answer)));
}
