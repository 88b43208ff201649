import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { collectionTemplateSchema } from '@metatag/api-types';
import { CHIPLINKS, TEMPLATES } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { SERVICES } from '../tokens.js';
import { ChipPageRenderer } from './chip-page.renderer.js';
import { SpaFiles } from './spa-files.js';

const ID = /^[A-Za-z0-9]{1,64}$/;

/**
 * The public chip and link pages (`/tag/{id}`, `/link/{id}`) with their first paint in the HTML: the
 * lookup and the collection template are fetched here, the page is rendered by the web app's server
 * module and hydrated in the browser (ChipPageRenderer). Anything that goes wrong falls back to the
 * plain index.html, whose page fetches the same data itself (an unknown id then shows its error text).
 * The page still authenticates a tap in the browser (check-tag), never here.
 */
@Controller()
export class ChipPagesController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly spa: SpaFiles,
    private readonly renderer: ChipPageRenderer,
    private readonly limiter: ClientRateLimiter,
  ) {}

  @Public()
  @Get('tag/:id')
  tag(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.page('chip', id, req, res);
  }

  @Public()
  @Get('link/:id')
  link(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.page('link', id, req, res);
  }

  private async page(type: 'chip' | 'link', id: string, req: Request, res: Response): Promise<void> {
    const html = this.spa.html;
    const rendered = html && ID.test(id) ? await this.render(html, type, id, req) : undefined;
    if (!rendered) {
      this.spa.sendIndex(res);
      return;
    }
    // the token's owner and the page's data change at any moment: never cached
    res.status(200).setHeader('cache-control', 'no-store').type('html').send(rendered);
  }

  private async render(html: string, type: 'chip' | 'link', id: string, req: Request) {
    try {
      // the page's lookup is the same per-client budget as /json/nft-by-chiplink (over it: the plain page)
      this.limiter.take('lookup', req.ip ?? '');
      const lookup = await this.services.send(CHIPLINKS.lookup, {
        id,
        type,
        ip: req.ip ?? '',
      });
      const stored = lookup.smartContract
        ? (
            await this.services.send(TEMPLATES.getCollectionTemplate, {
              chain: lookup.nft.chain,
              address: lookup.smartContract.toLowerCase(),
            })
          ).item
        : null;
      // the reply is typed as what a handler may return; the page renders the template's parsed form
      const template = stored && collectionTemplateSchema.parse(stored);
      return await this.renderer.render(html, { type, id, lookup, template }, req.originalUrl);
    } catch {
      return undefined; // an unknown id, a service or render failure: the browser renders the page
    }
  }
}
