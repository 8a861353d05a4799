import { X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** Where the certificate lives, so people (and tests) can trust it explicitly. */
  certPath: string;
  /** True when this start created the certificate (the browser will ask to accept it once). */
  created: boolean;
}

const validityDays = 825; // the longest lifetime browsers accept for a TLS server certificate
const renewBeforeMs = 24 * 60 * 60 * 1000;

/**
 * Returns the self-signed localhost certificate of this data directory, creating it on first start.
 * MSAL refuses an `http:` authority, so even a laptop install serves HTTPS. The same certificate is
 * reused afterwards so a browser's one-time exception keeps working.
 */
export async function ensureTlsCertificate(dataDir: string): Promise<TlsMaterial> {
  const dir = path.join(dataDir, 'tls');
  const certPath = path.join(dir, 'localhost-cert.pem');
  const keyPath = path.join(dir, 'localhost-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    if (!expiresSoon(cert)) return { key, cert, certPath, created: false };
  }
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + validityDays * 24 * 60 * 60 * 1000);
  // Only a first start (or a renewal) needs the certificate library.
  const { generate } = await import('selfsigned');
  const generated = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await mkdir(dir, { recursive: true });
  await writeFile(keyPath, generated.private, { mode: 0o600 });
  await writeFile(certPath, generated.cert);
  return { key: generated.private, cert: generated.cert, certPath, created: true };
}

function expiresSoon(certPem: string): boolean {
  try {
    const validTo = Date.parse(new X509Certificate(certPem).validTo);
    return validTo - Date.now() < renewBeforeMs;
  } catch {
    return true; // unreadable: replace it
  }
}
