import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertMediaKey,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
} from './media-storage.port.js';

export interface S3MediaStorageOptions {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Multipart part size; at most `queueSize` parts are buffered at once (memory bound of an upload). */
  partSize?: number;
  queueSize?: number;
  /** Tests pass a request handler that records requests instead of sending them. */
  requestHandler?: S3ClientConfig['requestHandler'];
}

/** 5 MiB is the smallest part S3 accepts; two in flight keep an upload's memory near 10 MiB. */
const DEFAULT_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_QUEUE_SIZE = 2;

/**
 * Media in S3-compatible storage (MinIO in docker-compose, any S3 in production). Uploads stream as
 * a multipart upload (@aws-sdk/lib-storage), so memory stays bounded by partSize × queueSize; a
 * failed body aborts the multipart upload and leaves no object. Path-style URLs, as MinIO expects.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3MediaStorageOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      requestHandler: options.requestHandler,
      // checksums on every request would buffer a streamed body to compute them first
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    assertMediaKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    // an error in `body` destroys `counted` with it, which fails the upload below
    pipeline(body, counted).catch(() => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: counted },
      partSize: this.options.partSize ?? DEFAULT_PART_SIZE,
      queueSize: this.options.queueSize ?? DEFAULT_QUEUE_SIZE,
      leavePartsOnError: false,
    });
    // lib-storage reads the body by iteration; an error in it must end the upload, not hang it
    const failed = new Promise<never>((_, reject) => counted.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
      return { size };
    } catch (error) {
      await upload.abort().catch(() => undefined);
      await this.delete(key).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertMediaKey(key);
    const reply = await this.client.send(
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(reply.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
    return reply.Body;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertMediaKey(key);
    try {
      const reply = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: reply.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
