import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { rawRequest } from './support/mediaRequests';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// Every error answer has the platform's shape, `{status, message, field?}` with a Dutch message, also
// the ones the framework makes before a route runs (a bad URL answered Fastify's English
// `FST_ERR_BAD_URL`, a too long path parameter `FST_ERR_MAX_PARAM_LENGTH`).

const env = environmentIds.zuiderveen;

interface Case {
  name: string;
  status: number;
  message: RegExp;
  request: (server: TestServer, token: Tokens) => Promise<{ status: number; headers: Headers; text: string }>;
}

type Headers = Record<string, string | string[] | undefined>;

const dutch = /\b(de|het|een|is|niet|geen|te|deze|van|bestaat|ongeldig|aanvraag)\b/i;

/** One request with an exact path (no URL normalisation) and an optional body. */
async function send(
  server: TestServer,
  method: string,
  path: string,
  options: { token?: Tokens; headers?: Record<string, string>; body?: Buffer | string } = {},
) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) {
    headers.authorization = `Bearer ${options.token.accessToken}`;
    headers['x-environment-id'] = env;
  }
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  if (body) headers['content-length'] = String(body.length);
  const response = await rawRequest({
    method,
    origin: server.url,
    path,
    headers,
    body,
    ca: server.certificatePem,
  });
  return { status: response.status, headers: response.headers, text: response.body.toString('utf8') };
}

/** Bytes written to a TLS socket as they are (a request Node's HTTP parser refuses), and the answer. */
function sendRawHttp(server: TestServer, request: string) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const socket = connect({
      host: hostname,
      port: Number(port),
      ca: server.certificatePem,
      ALPNProtocols: ['http/1.1'],
    });
    let received = '';
    socket.on('secureConnect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', (error) => (received ? undefined : reject(error)));
    socket.on('close', () => {
      const [head, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers: Headers = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: rest.join('\r\n\r\n') });
    });
  });
}

const blockPath = `/api/1/${env}/publications/${publicationIds.publications.seasonOpening}/blocks/00000000-0000-4000-8000-000000000001`;

const cases: Case[] = [
  {
    name: 'a path that is not valid percent-encoding (FST_ERR_BAD_URL)',
    status: 400,
    message: /adres/,
    request: (server) => send(server, 'GET', `/cdn/${env}/%FF`),
  },
  {
    name: 'a 5,000-character path parameter (FST_ERR_MAX_PARAM_LENGTH)',
    status: 414,
    message: /te lang/,
    request: (server) => send(server, 'GET', `/u/${'a'.repeat(5000)}`),
  },
  {
    name: 'a body that is not JSON (FST_ERR_CTP_INVALID_JSON_BODY)',
    status: 400,
    message: /geen geldige JSON/,
    request: (server, token) =>
      send(server, 'PUT', blockPath, {
        token,
        headers: { 'content-type': 'application/json' },
        body: '{"content":',
      }),
  },
  {
    name: 'an empty JSON body (FST_ERR_CTP_EMPTY_JSON_BODY)',
    status: 400,
    message: /geen gegevens/,
    request: (server, token) =>
      send(server, 'PUT', blockPath, { token, headers: { 'content-type': 'application/json' }, body: '' }),
  },
  {
    name: 'an unsupported media type (FST_ERR_CTP_INVALID_MEDIA_TYPE)',
    status: 415,
    message: /type inhoud/,
    request: (server, token) =>
      send(server, 'PUT', blockPath, { token, headers: { 'content-type': 'application/xml' }, body: '<x/>' }),
  },
  {
    name: 'a body over the route limit (FST_ERR_CTP_BODY_TOO_LARGE)',
    status: 413,
    message: /te groot/,
    request: (server, token) =>
      send(server, 'PUT', blockPath, {
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: { title: 'x'.repeat(300 * 1024) }, version: 1 }),
      }),
  },
  {
    name: 'an unknown API route',
    status: 404,
    message: /bestaat niet/,
    request: (server) => send(server, 'GET', '/api/1/bestaat-niet'),
  },
  {
    name: 'a request line Node cannot parse (client error)',
    status: 400,
    message: /ongeldig/,
    request: (server) => sendRawHttp(server, 'GET / HTTP/1.1\r\nHost: localhost\r\nKapotte kop\r\n\r\n'),
  },
  {
    name: 'headers larger than the server reads (client error, header overflow)',
    status: 431,
    message: /kopregels/,
    request: (server) =>
      sendRawHttp(server, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`),
  },
];

describe("the framework's own errors", () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(cases)('answers $name in the platform shape, in Dutch', async ({ status, message, request }) => {
    const response = await request(server, token);
    expect(response.status).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    const body = JSON.parse(response.text) as Record<string, unknown>;
    expect(
      Object.keys(body)
        .filter((key) => key !== 'field')
        .sort(),
    ).toEqual(['message', 'status']);
    expect(body.status).toBe(status);
    expect(body.message).toMatch(message);
    expect(body.message).toMatch(dutch);
    expect(response.text).not.toMatch(/FST_|Bad Request|statusCode/);
  });
});
