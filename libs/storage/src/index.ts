export {
  assertMediaKey,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
} from './media-storage.port.js';
export { LocalDiskMediaStorage } from './local-disk-media-storage.adapter.js';
export { S3MediaStorage, type S3MediaStorageOptions } from './s3-media-storage.adapter.js';
export {
  createMediaStorage,
  DEFAULT_MEDIA_DIR,
  type MediaStorageConfig,
} from './create-media-storage.factory.js';
export { detectMediaType, GLB_MIME_TYPE, MEDIA_SNIFF_BYTES } from './media-type.js';
