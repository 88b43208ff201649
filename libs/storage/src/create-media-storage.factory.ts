import { LocalDiskMediaStorage } from './local-disk-media-storage.adapter.js';
import type { MediaStorage } from './media-storage.port.js';
import { S3MediaStorage } from './s3-media-storage.adapter.js';

export interface MediaStorageConfig {
  MEDIA_DIR?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_REGION?: string;
}

const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Without MEDIA_DIR the local store is `.data/media` of the working directory. */
export const DEFAULT_MEDIA_DIR = '.data/media';

/**
 * S3 when every S3 key is set, the local disk when none is; some but not all is a configuration
 * mistake that would silently keep media on one replica's disk, so it stops the boot.
 */
export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  const set = S3_KEYS.filter((key) => config[key]);
  if (set.length === S3_KEYS.length) {
    return new S3MediaStorage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      region: config.S3_REGION ?? 'us-east-1',
    });
  }
  if (set.length > 0) {
    const missing = S3_KEYS.filter((key) => !config[key]);
    throw new Error(
      `S3 media storage is partly configured: set ${missing.join(', ')} too, or none of ${S3_KEYS.join(', ')}`,
    );
  }
  return new LocalDiskMediaStorage(config.MEDIA_DIR ?? DEFAULT_MEDIA_DIR);
}
