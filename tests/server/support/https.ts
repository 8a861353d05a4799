import { request } from 'node:https';

export interface HttpsResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface HttpsRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The server's self-signed certificate, trusted explicitly (never NODE_TLS_REJECT_UNAUTHORIZED). */
  ca: string;
}

/** One HTTPS exchange without following redirects (the sign-in flow inspects every hop). */
export function httpsRequest(exchange: HttpsRequest): Promise<HttpsResponse> {
  return attempt(exchange, true);
}

function attempt(
  { method, url, headers = {}, body, ca }: HttpsRequest,
  mayRetry: boolean,
): Promise<HttpsResponse> {
  return new Promise((resolve, reject) => {
    // Node sends a DELETE body without Content-Length (no chunked default for DELETE), which the server
    // then reads as a malformed next request: always announce the length of a body.
    const lengthKnown = Object.keys(headers).some((name) => name.toLowerCase() === 'content-length');
    if (body !== undefined && !lengthKnown)
      headers = { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = request(url, { method, headers, ca, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle just as this request went out on it: the
      // request was never read, so it is sent once more (Node's documented remedy).
      if (mayRetry && req.reusedSocket && error.code === 'ECONNRESET')
        attempt({ method, url, headers, body, ca }, false).then(resolve, reject);
      else reject(error);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}
