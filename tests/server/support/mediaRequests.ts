import { randomBytes } from 'node:crypto';
import { request } from 'node:https';

/** A response whose body is kept as bytes (images, downloads). */
export interface BinaryResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RawRequest {
  method: string;
  /** Origin only, e.g. https://localhost:1234. */
  origin: string;
  /** Sent byte for byte (no URL normalisation, unlike WHATWG URL parsing), so `..` reaches the server. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  ca: string;
}

/** One HTTPS exchange with an exact request path; the body stays binary. */
export function rawRequest({
  method,
  origin,
  path,
  headers = {},
  body,
  ca,
}: RawRequest): Promise<BinaryResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ method, hostname, port, path, headers, ca, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A multipart/form-data body with one file part (what the console's upload area sends). */
export function multipartBody(
  fileName: string,
  content: Buffer,
  options: { field?: string; contentType?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----media-test-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Headers of an authenticated environment-scoped call. */
export function authHeaders(accessToken: string, environmentId: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, 'x-environment-id': environmentId };
}

/** What an upload needs of the test server: its origin and its certificate. */
interface UploadTarget {
  url: string;
  certificatePem: string;
}

/** `POST /directory/{directoryId}/file` with one file part, as the console's upload area sends it. */
export function uploadRequest(
  server: UploadTarget,
  {
    token,
    env,
    directoryId,
    fileName,
    content,
    field,
  }: {
    token: string;
    env: string;
    directoryId: string;
    fileName: string;
    content: Buffer;
    field?: string;
  },
): Promise<BinaryResponse> {
  const { body, contentType } = multipartBody(fileName, content, { field });
  return rawRequest({
    method: 'POST',
    origin: server.url,
    path: `/api/1/${env}/directory/${directoryId}/file`,
    headers: { ...authHeaders(token, env), 'content-type': contentType },
    body,
    ca: server.certificatePem,
  });
}
