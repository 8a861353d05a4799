import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ByteCounter } from './byteCounter';
import { attachmentDisposition } from './contentDisposition';
import { assertStoreKey } from './keys';
import type { MediaStore, StageOptions, StagedObject, StoredObject } from './store';
import type { S3Settings } from './storeSettings';

/** Above this size an upload goes in parts of this size (S3's minimum part is 5 MB). */
export const multipartPartBytes = 8 * 1024 * 1024;
/** Longest life of a presigned download link: long enough to start it, too short to pass around. */
export const downloadLinkSeconds = 15 * 60;
/** Keys removed at once by `removeAll` (one DeleteObject each: DeleteObjects demands a checksum). */
const removeConcurrency = 8;

/**
 * The media store in an S3-compatible bucket, shared by every instance. Uploads stream to their final
 * key, which is unique (a new file id): a single PUT below `multipartPartBytes`, a multipart upload above
 * it; a PUT appears whole or not at all, and a multipart upload that fails or exceeds its limit is
 * aborted, so nothing partial is ever visible. The bucket stays private: the browser only ever gets a
 * presigned GET for a download.
 */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Since 3.729 the SDK adds CRC32 checksums (and chunked framing) by default, which many
      // S3-compatible servers reject or store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Nothing is staged outside the bucket; checks that the bucket answers, so a wrong setting stops the start. */
  async open(): Promise<void> {
    await this.ping();
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async stage(key: string, content: Readable, options: StageOptions = {}): Promise<StagedObject> {
    assertStoreKey(key);
    const counter = new ByteCounter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: multipartPartBytes,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const feeding = pipeline(content, counter, body);
    let failure: unknown;
    feeding.catch((error: unknown) => {
      failure = error;
      // Stops a multipart upload (AbortMultipartUpload); a single PUT was never sent.
      void upload.abort();
    });
    try {
      await upload.done();
      await feeding;
    } catch (error) {
      await feeding.catch(() => undefined);
      // The first cause (too large, client gone) matters, not the abort it led to.
      throw failure ?? error;
    }
    let committed = false;
    const remove = () => this.remove(key);
    return {
      key,
      sizeInBytes: counter.bytes,
      async commit() {
        committed = true;
      },
      async discard() {
        if (!committed) await remove();
        committed = true;
      },
    };
  }

  async read(key: string): Promise<StoredObject | undefined> {
    assertStoreKey(key);
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    return {
      sizeInBytes: head.ContentLength ?? 0,
      modifiedAt: head.LastModified ?? new Date(0),
      stream: () => this.streamOf(key),
    };
  }

  async has(key: string): Promise<boolean> {
    return (await this.read(key)) !== undefined;
  }

  async remove(key: string): Promise<void> {
    assertStoreKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeAll(prefix: string): Promise<void> {
    const keys: string[] = [];
    for await (const key of this.list(prefix)) keys.push(key);
    for (let start = 0; start < keys.length; start += removeConcurrency)
      await Promise.all(keys.slice(start, start + removeConcurrency).map((key) => this.remove(key)));
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertStoreKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async downloadUrl(key: string, fileName: string, contentType: string): Promise<string> {
    assertStoreKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: contentType,
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: downloadLinkSeconds });
  }

  /** Closes the client's connections (tests start and stop many stores). */
  close(): void {
    this.client.destroy();
  }

  /** A stream over the object, fetched when asked (the caller may never read it). */
  private streamOf(key: string): Readable {
    const out = new PassThrough();
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })).then(
      (object) => {
        const body = object.Body as Readable | undefined;
        if (!body) out.end();
        else pipeline(body, out).catch((error: unknown) => out.destroy(error as Error));
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}
