import fc from 'fast-check';
import { request as httpsRequest } from 'node:https';
import {
  fillPath,
  nonNull,
  sampleObject,
  sampleValue,
  type JsonSchema,
  type Operation,
} from './openApiOperations';
import { candidatesFor, type Harvest } from './recordHarvest';
import type { TestServer } from './testServer';

// Requests generated from the contract's schemas, mostly wrong on purpose: bad types, control
// characters, huge strings and numbers, malformed JSON, unstorable texts nested in JSON content,
// malformed multipart bodies, wrong content types, traversal in paths.

export interface FuzzRequest {
  method: string;
  /** Sent byte for byte (percent-encoded where the generator chose to). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzTarget {
  operations: Operation[];
  /** What the signed-in user's own environment holds, so some requests reach real records. */
  harvest: Harvest;
  environmentId: string;
  accessToken: string;
}

const nastyTexts = [
  '\u0000',
  'a\u0000b',
  '\u007f',
  '\u001b[31m',
  '\t\r\n',
  '\ud800',
  '\ufeff',
  '../../../etc/passwd',
  '..\\..\\windows',
  "'; DROP TABLE lists; --",
  '%',
  '_',
  '\\',
  '%00',
  '<script>alert(1)</script>',
  '🙂'.repeat(100),
  ' ',
  '',
  'null',
  '[]',
  '{}',
];
const nastyNumbers = [
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '1e308',
  '-1e308',
  '1e-308',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  '2147483648',
  '00001',
];
/** Path segments that try to leave their place (sent unencoded). */
const traversals = [
  '..',
  '.',
  '%2e%2e',
  '%2e%2e%2f%2e%2e',
  '..%2f..',
  '%5c..',
  '%00',
  '%ZZ',
  '%',
  '%%32%65',
  '/',
];

const text = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...nastyTexts) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...nastyNumbers) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)) },
  );

/** Texts the database cannot store or that must not pass silently: NUL, escapes, lone surrogates. */
const unstorableTexts = ['\u0000', 'a\u0000b', '\u001b', '\ud800', '\udc00x', 'x\ud83d', '\ufffe'];

/**
 * JSON content nested one to three levels deep (a block's content is free-form JSON) with unstorable
 * texts in values and keys, where a field-by-field schema does not reach.
 */
const nestedNasty = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...unstorableTexts),
      fc.constantFrom(...unstorableTexts).map((bad) => `Titel ${bad} einde`),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom('title', 'text', 'link', 'url', 'alt', 'image'),
          fc.constantFrom(...unstorableTexts),
        ),
        tie('node'),
        { maxKeys: 3 },
      ),
    ),
  })).node;

const jsonNasty = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    text(),
    fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0.5, true, null),
    fc.jsonValue({ maxDepth: 3 }),
    nestedNasty(),
    fc.constant('x'.repeat(100_000)),
  );

/**
 * JSON nested far deeper than any body the contract knows (64 levels are allowed): a stack overflow in a
 * walk of the parsed value answered 500 and took ~140 ms of CPU per request.
 */
export const deeplyNestedBodies: readonly string[] = [
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `${'['.repeat(10_000)}1${']'.repeat(10_000)}`,
  `${'[{"a":'.repeat(2_000)}1${'}]'.repeat(2_000)}`,
  `{"content":${'{"b":'.repeat(65)}"x"${'}'.repeat(65)},"version":1}`,
  `{"graph":${'['.repeat(64)}${']'.repeat(64)}}`,
  '{"a":'.repeat(5_000),
];

/** Content types a client may send, well or not at all understood, on any request with a body. */
export const fuzzContentTypes: readonly string[] = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'text/csv',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'multipart/mixed; boundary=x',
  'application/json',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'application/octet-stream',
  'image/png',
  '*/*',
  'x',
  '',
];

/** A multipart body with a text field and a CSV file part, by `boundary`. */
function multipartForm(boundary: string): string {
  return (
    `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\naddAndUpdate\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\nnaam;e-mail\r\nA;a@voorbeeld.nl\r\n--${boundary}--\r\n`
  );
}

/** Multipart bodies the parser cannot read: another boundary, one over 256 characters, cut off. */
const malformedMultipart = (): fc.Arbitrary<{ body: string; contentType: string }> =>
  fc
    .tuple(
      fc.constantFrom('mismatch', 'long', 'truncated', 'unterminated'),
      fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    )
    .map(([kind, fraction]) => {
      const boundary = kind === 'long' ? `b${'x'.repeat(300)}` : 'fuzz-boundary';
      const form = multipartForm(boundary);
      const body =
        kind === 'truncated'
          ? form.slice(0, Math.floor(form.length * fraction))
          : kind === 'unterminated'
            ? form.slice(0, form.lastIndexOf(`--${boundary}--`))
            : form;
      const declared = kind === 'mismatch' ? `${boundary}-other` : boundary;
      return { body, contentType: `multipart/form-data; boundary=${declared}` };
    });

/** One generated request for an operation: each part valid, left out or wrong. */
function requestFor(operation: Operation, target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const pick = (name: string, schema: JsonSchema) =>
    nonNull(schema).format === 'uuid' ? candidatesFor(target.harvest, name, schema)[0] : undefined;
  const validValue = (name: string, schema: JsonSchema) => String(sampleValue(name, schema, pick));

  const pathValue = (name: string, schema: JsonSchema): fc.Arbitrary<string> =>
    name === 'environmentId'
      ? fc.constant(target.environmentId)
      : fc.oneof(
          {
            weight: 3,
            arbitrary: fc.constantFrom(
              ...candidatesFor(target.harvest, name, schema),
              validValue(name, schema),
            ),
          },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 2, arbitrary: text().map((value) => percentEncoded(value).slice(0, 3000)) },
          { weight: 2, arbitrary: fc.constantFrom(...traversals) },
        );
  const pathArbitrary = fc.record(
    Object.fromEntries(operation.pathParameters.map((p) => [p.name, pathValue(p.name, p.schema)])),
  );

  const queryValue = (name: string, schema: JsonSchema): fc.Arbitrary<string | undefined> =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.constant(validValue(name, schema)) },
      { weight: 4, arbitrary: text() },
    );
  const queryArbitrary = fc.tuple(
    fc.record(
      Object.fromEntries(operation.queryParameters.map((p) => [p.name, queryValue(p.name, p.schema)])),
    ),
    fc.oneof(fc.constant(''), fc.constantFrom('&offset=1&offset=2', '&%ZZ=1', '&a[b]=c', '&=x', '&search')),
  );

  const bodyArbitrary: fc.Arbitrary<{ body?: string; contentType?: string }> = fc.oneof(
    {
      weight: operation.body ? 5 : 1,
      arbitrary: mutatedBody(operation.body, pick).map((body) => ({
        body: JSON.stringify(body),
        contentType: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        body: fc.constantFrom(
          '{"name": ',
          '{',
          '[',
          '"',
          'null',
          '[]',
          '1e999',
          '{"a":1}}',
          '\u0000',
          '['.repeat(5_000),
          // Escapes JSON allows and the database refuses: a lone surrogate, a NUL, nested.
          '{"name":"\\ud800"}',
          '{"content":{"title":"\\udc00x","link":{"text":"a\\u0000b"}},"version":1}',
          '{"\\ud800":1}',
          ...deeplyNestedBodies,
        ),
        contentType: fc.constant('application/json'),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        body: fc.constantFrom(
          'name=x',
          '<a/>',
          'x'.repeat(2_000),
          '',
          '{"answers":{}}',
          deeplyNestedBodies[0]!,
        ),
        contentType: fc.constantFrom(...fuzzContentTypes),
      }),
    },
    { weight: 2, arbitrary: malformedMultipart() },
    { weight: 1, arbitrary: fc.constant({}) },
  );

  return fc.tuple(pathArbitrary, queryArbitrary, bodyArbitrary).map(([pathValues, [query, extra], body]) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
    const queryString = search.toString() + extra;
    const path = fillPath(operation.template, pathValues as Record<string, string>, true);
    const headers: Record<string, string> = {
      authorization: `Bearer ${target.accessToken}`,
      'x-environment-id': target.environmentId,
    };
    if (body.contentType) headers['content-type'] = body.contentType;
    if (body.body !== undefined) headers['content-length'] = String(Buffer.byteLength(body.body));
    return {
      method: operation.method,
      // What an HTTP client can send at all: anything outside printable ASCII and Latin-1 percent-encoded.
      path: (queryString ? `${path}?${queryString.replace(/^&/, '')}` : path).replace(
        /[^\u0021-\u00ff]/gu,
        (character) => encodeURIComponent(Buffer.from(character, 'utf8').toString('utf8')),
      ),
      headers,
      body: body.body,
    };
  });
}

/** A body of the operation's shape with some fields wrong, or something else entirely. */
function mutatedBody(
  schema: JsonSchema | undefined,
  pick: (name: string, schema: JsonSchema) => unknown,
): fc.Arbitrary<unknown> {
  if (!schema?.properties) return jsonNasty();
  const valid = sampleObject(schema, pick);
  const names = Object.keys(schema.properties);
  return fc.oneof(
    { weight: 1, arbitrary: jsonNasty() },
    {
      weight: 4,
      arbitrary: fc
        .dictionary(fc.constantFrom(...names, 'extra', '__proto__'), jsonNasty(), { maxKeys: 3 })
        .map((wrong) => ({ ...valid, ...wrong })),
    },
  );
}

/** `count` requests over all operations, reproducible from `seed`. */
export function generateRequests(target: FuzzTarget, count: number, seed: number): FuzzRequest[] {
  const arbitrary = fc.oneof(...target.operations.map((operation) => requestFor(operation, target)));
  return fc.sample(arbitrary, { numRuns: count, seed });
}

export interface FuzzFinding {
  request: FuzzRequest;
  status: number;
  answer: string;
}

/**
 * Sends the requests one after another, each on its own connection (a server may close a connection
 * after refusing a request early, which is no fault), and keeps those answered 5xx or not at all.
 */
export async function sendRequests(
  server: TestServer,
  requests: FuzzRequest[],
): Promise<{ findings: FuzzFinding[]; statuses: Record<number, number> }> {
  const findings: FuzzFinding[] = [];
  const statuses: Record<number, number> = {};
  for (const request of requests) {
    const answer = await send(server, request);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500 || answer.status === 0)
      findings.push({ request: shorten(request), status: answer.status, answer: answer.text.slice(0, 500) });
  }
  return { findings, statuses };
}

/** One exchange; an answer that arrived counts even when the server then closes before the body is sent. */
export function send(server: TestServer, request: FuzzRequest): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number, text: string) => {
      if (!settled) resolve({ status, text });
      settled = true;
    };
    const outgoing = httpsRequest(
      {
        method: request.method,
        hostname,
        port,
        path: request.path,
        headers: request.headers,
        ca: server.certificatePem,
        agent: false,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        response.on('error', () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
      },
    );
    outgoing.on('response', (response) => {
      // An early answer (e.g. 403 before a large body is read) may end in a reset while we still write.
      outgoing.on('error', () => finish(response.statusCode ?? 0, ''));
    });
    outgoing.on('error', (error) => finish(0, String(error)));
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}

/** Percent-encoding that also takes a lone surrogate (as the replacement character's UTF-8). */
function percentEncoded(value: string): string {
  return encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));
}

function shorten(request: FuzzRequest): FuzzRequest {
  return {
    ...request,
    path: request.path.slice(0, 300),
    headers: { ...request.headers, authorization: 'Bearer …' },
    body: request.body?.slice(0, 300),
  };
}
