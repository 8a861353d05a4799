import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The MEDIA_STORE=s3 settings that reach this server's bucket, as environment variables. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (one file each), for tests that age an object. */
  directory: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver) on 127.0.0.1 and a free port, with one empty bucket.
 * It does not check signatures: it proves what is stored and read back, not who may read it.
 */
export async function startTestS3(bucket = 'media'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'dpp-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
