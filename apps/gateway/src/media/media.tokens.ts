/** The gateway's MediaStorage (libs/storage): local disk or S3-compatible, chosen by config. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
