import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTlsCertificate } from '../../server/src/tls';

describe('self-signed certificate', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-tls-test-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is created on first start for localhost and 127.0.0.1, and reused afterwards', async () => {
    const first = await ensureTlsCertificate(dataDir);
    expect(first.created).toBe(true);
    expect(first.certPath).toBe(path.join(dataDir, 'tls', 'localhost-cert.pem'));
    const certificate = new X509Certificate(first.cert);
    expect(certificate.subjectAltName).toContain('DNS:localhost');
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(certificate.checkPrivateKey(createPrivateKey(first.key))).toBe(true);

    const second = await ensureTlsCertificate(dataDir);
    expect(second.created).toBe(false);
    expect(second.cert).toBe(first.cert);
  });
});
