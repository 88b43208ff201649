import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GLB_MIME_TYPE } from '@metatag/api-types';
import { TEMPLATES } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import type { MediaStorage } from '@metatag/storage';
import { Public } from '../access/access.decorators.js';
import { SERVICES } from '../tokens.js';
import { idParam } from '../templates/route-params.js';
import { parseByteRange } from './byte-range.js';
import { MEDIA_STORAGE } from './media.tokens.js';

const MEDIA_NOT_FOUND = 'Media not found';

/** What browsers and 3D viewers expect on the wire for the spec's '3d/glb' label. */
const wireType = (mimeType: string) => (mimeType === GLB_MIME_TYPE ? 'model/gltf-binary' : mimeType);

/**
 * Public media of NFT templates (spec section 7). Bytes stream from MediaStorage with Range support
 * (video seeking, 3D viewers); `?x=<refresh counter>` URLs are immutable, so they are cached for a year,
 * and a new upload changes the counter. Media are user uploads served from our origin, so they run
 * sandboxed: an SVG opened directly cannot run script against the site.
 */
@Controller()
export class MediaController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  @Public()
  @Get('nft-media-metadata/:id')
  async metadata(@Param('id') id: string): Promise<{ item: { mimeType: string } }> {
    const info = await this.services.send(TEMPLATES.getMedia, {
      id: idParam(id, MEDIA_NOT_FOUND),
    });
    return { item: { mimeType: info.mimeType } };
  }

  @Public()
  @Get('nft-media/:id')
  async media(
    @Param('id') id: string,
    @Query('x') refresh: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const info = await this.services.send(TEMPLATES.getMedia, {
      id: idParam(id, MEDIA_NOT_FOUND),
    });
    // the key is new for every upload, so it is a strong validator
    const etag = `"${info.key.split('/').pop()}"`;
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('etag', etag);
    res.setHeader(
      'cache-control',
      refresh !== undefined && refresh === String(info.refresh)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=60',
    );
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const ifRange = req.headers['if-range'];
    const range =
      ifRange && ifRange !== etag ? { kind: 'full' as const } : parseByteRange(req.headers.range, info.size);
    if (range.kind === 'unsatisfiable') {
      res.status(416).setHeader('content-range', `bytes */${info.size}`);
      res.json({ error: 'range_not_satisfiable', errorMessage: 'Requested range not satisfiable' });
      return;
    }
    const stream = await this.storage
      .get(info.key, range.kind === 'partial' ? range : undefined)
      .catch(() => {
        throw AppError.notFound(MEDIA_NOT_FOUND);
      });
    res.setHeader('content-type', wireType(info.mimeType));
    if (range.kind === 'partial') {
      res.status(206);
      res.setHeader('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      res.setHeader('content-length', String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader('content-length', String(info.size));
    }
    if (req.method === 'HEAD') {
      stream.destroy();
      res.end();
      return;
    }
    // a client that goes away mid-download ends the pipeline; nothing more to answer then
    await pipeline(stream, res).catch(() => undefined);
  }
}
