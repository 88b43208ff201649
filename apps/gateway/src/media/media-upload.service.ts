import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { MEDIA_MAX_BYTES, type NftTemplate } from '@metatag/api-types';
import { TEMPLATES, type Actor, type SetNftMediaReply } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { detectMediaType, type MediaStorage } from '@metatag/storage';
import { SERVICES } from '../tokens.js';
import { MEDIA_STORAGE } from './media.tokens.js';
import { tooLarge, UploadGuard } from './upload-guard.js';

/** Room for the multipart boundaries, headers and the small `type` field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

interface Received {
  size: number;
  mimeType: string;
}

/** An image stored before the template it belongs to exists. */
export interface StagedMedia extends Received {
  key: string;
}

/**
 * `PUT /json/{chain}/nft/{id}` with multipart/form-data (fields `image` and `type`). The file streams
 * from the socket through busboy into MediaStorage, never whole in memory; then the templates service
 * learns the key, size and type (the bytes never travel over the transport). The type comes from the
 * file's first bytes, not from the client's `type` field or header.
 */
@Injectable()
export class MediaUploadService {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  private readonly logger = new Logger(MediaUploadService.name);

  async upload(req: Request, chain: string, id: number, actor: Actor): Promise<NftTemplate> {
    try {
      // ownership first: nothing is stored for a template the caller may not touch (404 otherwise)
      await this.services.send(TEMPLATES.getNft, { chain, id, actor });
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
      const key = `nft/${chain}/${id}/${randomBytes(12).toString('hex')}`;
      const received = await this.receive(req, key);
      if (!received) throw new AppError('invalid_value', 'No image in the upload', 400);
      let reply: SetNftMediaReply;
      try {
        reply = await this.services.send(TEMPLATES.setNftMedia, {
          actor,
          chain,
          id,
          key,
          ...received,
        });
      } catch (error) {
        await this.storage.delete(key).catch(() => undefined);
        throw error;
      }
      // the template no longer points there; a failed delete only leaves an orphan, never a broken item
      const replaced = reply.replacedKey;
      if (replaced) {
        await this.storage
          .delete(replaced)
          .catch((err: unknown) => this.logger.warn(`old media ${replaced} not deleted: ${String(err)}`));
      }
      return reply.item as NftTemplate;
    } catch (error) {
      this.discardRest(req);
      throw error;
    }
  }

  /**
   * The image of a template that does not exist yet (a limited edition's father: the relayer creates
   * the template and attaches this): stored under a key of its own, with its size and type, for the
   * caller to pass on. The caller discards it when the create fails or does not use it. The image is
   * optional there: a form without one stages nothing.
   */
  async stage(req: Request, chain: string): Promise<StagedMedia | undefined> {
    try {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
      const key = `nft/${chain}/staged/${randomBytes(12).toString('hex')}`;
      const received = await this.receive(req, key);
      return received && { key, ...received };
    } catch (error) {
      this.discardRest(req);
      throw error;
    }
  }

  /** A staged image nothing points at; a failed delete only leaves an orphan. */
  async discard(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((err: unknown) => this.logger.warn(`staged media ${key} not deleted: ${String(err)}`));
  }

  /**
   * Streams the `image` part into storage under `key`; over the limit or of an unknown type, nothing is
   * kept; undefined when the form has no image.
   */
  private receive(req: Request, key: string): Promise<Received | undefined> {
    return new Promise<Received | undefined>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          // one byte past the limit is how an over-limit file shows itself to the guard
          limits: { files: 1, fileSize: MEDIA_MAX_BYTES + 1, fields: 10, fieldSize: 1024, parts: 12 },
        });
      } catch {
        reject(new AppError('bad_request', 'Send the image as multipart/form-data', 400));
        return;
      }
      let stored: Promise<Received> | undefined;
      let guard: UploadGuard | undefined;
      const abort = (error: Error) => {
        guard?.destroy(error);
        reject(error);
      };
      parser.on('file', (field, file) => {
        if (field !== 'image' || stored) {
          file.resume();
          return;
        }
        const g = new UploadGuard();
        guard = g;
        pipeline(file, g).catch(() => undefined);
        stored = this.storage.put(key, g).then(async ({ size }) => {
          const mimeType = detectMediaType(g.head);
          if (!mimeType) {
            await this.storage.delete(key);
            throw new AppError('unsupported_media', 'Unsupported file type', 415);
          }
          return { size, mimeType };
        });
        // surface a failed write (e.g. too large) at once, without waiting for the rest of the body
        stored.catch(reject);
      });
      parser.on('error', () => abort(new AppError('bad_request', 'Malformed multipart body', 400)));
      parser.on('close', () => {
        if (!stored) resolve(undefined);
        else stored.then(resolve, reject);
      });
      req.on('aborted', () => abort(new AppError('bad_request', 'Upload aborted', 400)));
      req.pipe(parser);
    });
  }

  /**
   * An answer before the whole body was read: stop parsing and drop the rest unread-into-memory.
   * Closing the connection after the answer keeps a client from streaming the rest of a huge body.
   */
  private discardRest(req: Request): void {
    if (req.complete) return;
    req.unpipe();
    req.res?.setHeader('connection', 'close');
    req.resume();
  }
}
