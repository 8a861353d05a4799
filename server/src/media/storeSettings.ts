/** Where media bytes, renditions and staged import files live (MEDIA_STORE and the S3_* settings). */
export type MediaStoreSettings = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

/** An S3-compatible bucket; the bucket stays private (downloads get presigned links). */
export interface S3Settings {
  /** S3_ENDPOINT: the service's URL (e.g. https://s3.eu-central-1.amazonaws.com or a MinIO/Garage URL). */
  endpoint: string;
  /** S3_REGION (default us-east-1; most S3-compatible services accept any). */
  region: string;
  /** S3_BUCKET: created beforehand by the operator. */
  bucket: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: identical on every instance. */
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE=on: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Garage, s3rver). */
  forcePathStyle: boolean;
  /** S3_MEMORY_CACHE_BYTES: renditions each instance keeps in memory in front of the bucket. */
  memoryCacheBytes: number;
}

type SwitchReader = (name: string) => boolean | undefined;
type IntegerReader = (name: string, fallback: number, minimum: number) => number;

const defaultMemoryCacheBytes = 32 * 1024 * 1024;

/** Reads MEDIA_STORE (disk|s3) and, for s3, every S3_* setting; a missing or unknown one stops the start. */
export function readMediaStoreSettings(
  env: NodeJS.ProcessEnv,
  readSwitch: SwitchReader,
  readInteger: IntegerReader,
): MediaStoreSettings {
  const kind = (env.MEDIA_STORE?.trim() || 'disk').toLowerCase();
  if (kind === 'disk') return { kind: 'disk' };
  if (kind !== 's3') throw new Error(`MEDIA_STORE must be 'disk' or 's3', got '${env.MEDIA_STORE}'.`);
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`${name} is required with MEDIA_STORE=s3.`);
    return value;
  };
  const endpoint = required('S3_ENDPOINT');
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got '${endpoint}'.`);
  return {
    kind: 's3',
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket: required('S3_BUCKET'),
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: readSwitch('S3_FORCE_PATH_STYLE') ?? false,
    memoryCacheBytes: readInteger('S3_MEMORY_CACHE_BYTES', defaultMemoryCacheBytes, 0),
  };
}
