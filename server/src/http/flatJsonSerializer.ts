import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * Route option `serializerCompiler` for a big answer whose area module already builds exactly the
 * contract's fields (a page of 250 subscribers, about 160 KB): JSON.stringify, which makes one flat
 * string. fast-json-stringify joins the answer from thousands of pieces, and Node must flatten that
 * before it can count and write the bytes: for such a page the flattening took as long as the
 * serialising (docs/performance.md, goal 4). The route's response schema still documents the answer;
 * the tests hold the rows to the schema'd single read.
 */
export const flatJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
