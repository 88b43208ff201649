import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertMediaKey,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
} from './media-storage.port.js';

/**
 * Media on the local disk (standalone, single-machine installs). A write goes to a temporary
 * `.part` file that is renamed into place only when complete, so a reader never sees half an object
 * and a failed upload leaves nothing behind.
 */
export class LocalDiskMediaStorage implements MediaStorage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertMediaKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const part = `${target}.${randomBytes(6).toString('hex')}.part`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(part, { flags: 'wx' }));
      await rename(part, target);
      return { size };
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    // open first so a missing file rejects here rather than as a stream error mid-response
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
