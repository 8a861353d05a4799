import { Transform, type TransformCallback } from 'node:stream';
import { ContentTooLargeError } from './store';

/** Passes bytes through, counting them, and fails as soon as more than `maxBytes` went by. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new ContentTooLargeError(this.maxBytes));
    else callback(null, chunk);
  }
}
