// The reference of `npm run bench:tracking`: the least a Fastify server can do for the tracking
// endpoints, in its own process. Like the platform's server: Fastify with `http2` and `allowHTTP1` on
// the same certificate (TLS_DIR), the same 42-byte GIF for `GET /t/o/{file}` and the same 302 for
// `GET /t/c/{token}`, with the same headers (the bench compares the header names of both before it
// measures). No token check, no event, no rate limit, no log: what those cost is what the ratio shows.
// Prints "ready" on standard output once it listens on PORT.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const tlsDir = process.env.TLS_DIR!;
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const noStore = 'no-store, no-cache, must-revalidate, private';
const security = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const app = Fastify({
  http2: true,
  https: {
    key: readFileSync(path.join(tlsDir, 'localhost-key.pem')),
    cert: readFileSync(path.join(tlsDir, 'localhost-cert.pem')),
    allowHTTP1: true,
  },
});
app.get('/t/o/:file', (_request, reply) =>
  reply
    .status(200)
    .headers({ 'cache-control': noStore, 'content-type': 'image/gif', ...security })
    .send(pixel),
);
app.get('/t/c/:token', (_request, reply) =>
  reply
    .status(302)
    .headers({ 'cache-control': noStore, location: 'https://www.zuiderveen.nl/marktplein', ...security })
    .send(),
);
// Stopped with SIGTERM: exit normally, so that a `--cpu-prof` profile is written.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: 'localhost' });
console.log('ready');
