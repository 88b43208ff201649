import { Transform, type TransformCallback } from 'node:stream';
import { FILE_TOO_BIG, MEDIA_MAX_BYTES } from '@metatag/api-types';
import { MEDIA_SNIFF_BYTES } from '@metatag/storage';
import { AppError } from '@metatag/nest-kit';

export const tooLarge = () => new AppError('too_large', FILE_TOO_BIG, 413);

/**
 * Sits between the multipart file stream and storage: counts bytes, keeps the first few for type
 * detection, and fails the stream as soon as it passes the limit, which makes the storage adapter
 * drop the partial object.
 */
export class UploadGuard extends Transform {
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly limit = MEDIA_MAX_BYTES) {
    super();
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      callback(tooLarge());
      return;
    }
    if (this.headLength < MEDIA_SNIFF_BYTES) {
      const part = chunk.subarray(0, MEDIA_SNIFF_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    callback(null, chunk);
  }
}
