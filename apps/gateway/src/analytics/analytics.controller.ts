import { Controller, Get, Header, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { analyticsQuery } from '@metatag/api-types';
import { ANALYTICS, TEMPLATES, type AuthUser, type ScanAnalyticsReply } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { csvField } from '../http/csv.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, addressParam, chainParam, idParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

const NOT_FOUND = 'NFT template not found';
type Range = z.output<typeof analyticsQuery>;

/** The scans CSV's columns; the rows are exactly what the export request answers. */
export const SCANS_CSV_HEADER = 'chiplink,type,timestamp,city,radius,country';
/** The owners CSV's columns: the templates' tokens that have an owner now (chain index). */
export const OWNERS_CSV_HEADER = 'token_id,owner,chiplink,type,collection';

/**
 * Scan analytics (issue #20) of an NFT template or of a collection (its templates), for the owner or a
 * super admin (chiplinks asks the templates service): aggregates as JSON, and the range's scans as CSV.
 */
@Controller()
export class AnalyticsController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  @Get('json/analytics/template/:nftId')
  @Header('cache-control', 'no-store')
  templateScans(
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(analyticsQuery)) range: Range,
    @CurrentUser() me: AuthUser,
  ): Promise<ScanAnalyticsReply> {
    return this.withMints({ actor: actorOf(me), nftIds: [idParam(nftId, NOT_FOUND)], ...range });
  }

  @Allow('admin')
  @Get('json/analytics/collection/:chain/:address')
  @Header('cache-control', 'no-store')
  async collectionScans(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Query(new ZodPipe(analyticsQuery)) range: Range,
    @CurrentUser() me: AuthUser,
  ): Promise<ScanAnalyticsReply> {
    const nftIds = await this.collectionTemplates(chain, address, me);
    return this.withMints({ actor: actorOf(me), nftIds, ...range });
  }

  /**
   * chiplinks' scan analytics with the mints of the same days from the templates' mint ledger (#30):
   * the ledger counts every mint the mints list shows (chip, link, manual, child); chiplinks only knows
   * its chips' and links' tokens. chiplinks answers first: it checks the templates and settles the range.
   */
  private async withMints(
    input: { actor: ReturnType<typeof actorOf>; nftIds: number[] } & Range,
  ): Promise<ScanAnalyticsReply> {
    const scans = await this.services.send(ANALYTICS.templateScans, input);
    const mints = await this.services.send(TEMPLATES.mintsPerDay, {
      actor: input.actor,
      nftIds: input.nftIds,
      from: scans.from,
      to: scans.to,
    });
    const perDay = new Map(mints.perDay.map((d) => [d.day, d.mints]));
    return {
      ...scans,
      totals: { ...scans.totals, mints: mints.total },
      perDay: scans.perDay.map((d) => ({ ...d, mints: perDay.get(d.day) ?? 0 })),
    };
  }

  @Allow('admin')
  @Get('json/analytics/collection/:chain/:address/scans.csv')
  async collectionScansCsv(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Query(new ZodPipe(analyticsQuery)) range: Range,
    @CurrentUser() me: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const nftIds = await this.collectionTemplates(chain, address, me);
    await this.sendCsv(res, `scans-${address.toLowerCase()}.csv`, { actor: actorOf(me), nftIds, ...range });
  }

  /** The collection's templates, after the templates service confirmed it is the caller's (its 404 otherwise). */
  private async collectionTemplates(chain: string, address: string, me: AuthUser): Promise<number[]> {
    const chainName = chainParam(chain);
    const collection = addressParam(address);
    await this.services.send(TEMPLATES.getCollection, {
      chain: chainName,
      address: collection,
      actor: actorOf(me),
    });
    const { items } = await this.services.send(TEMPLATES.listNfts, {
      actor: actorOf(me),
      chain: chainName,
      userId: me.id,
      collection,
    });
    return items.map((item) => item.id);
  }

  @Allow('admin')
  @Get('json/analytics/template/:nftId/scans.csv')
  async scansCsv(
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(analyticsQuery)) range: Range,
    @CurrentUser() me: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const id = idParam(nftId, NOT_FOUND);
    await this.sendCsv(res, `scans-${id}.csv`, { actor: actorOf(me), nftIds: [id], ...range });
  }

  @Allow('admin')
  @Get('json/analytics/template/:nftId/owners.csv')
  async ownersCsv(
    @Param('nftId') nftId: string,
    @CurrentUser() me: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const id = idParam(nftId, NOT_FOUND);
    await this.sendOwnersCsv(res, `owners-${id}.csv`, [id], me);
  }

  @Allow('admin')
  @Get('json/analytics/collection/:chain/:address/owners.csv')
  async collectionOwnersCsv(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @CurrentUser() me: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const nftIds = await this.collectionTemplates(chain, address, me);
    await this.sendOwnersCsv(res, `owners-${address.toLowerCase()}.csv`, nftIds, me);
  }

  private async sendOwnersCsv(
    res: Response,
    filename: string,
    nftIds: number[],
    me: AuthUser,
  ): Promise<void> {
    const { items } = await this.services.send(ANALYTICS.exportOwners, { actor: actorOf(me), nftIds });
    const lines = items.map((i) =>
      [i.tokenId, i.owner, i.chiplinkId, i.type, i.collection].map(csvField).join(','),
    );
    this.csv(res, filename, [OWNERS_CSV_HEADER, ...lines]);
  }

  private csv(res: Response, filename: string, lines: string[]): void {
    res
      .status(200)
      .set({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      })
      .send(lines.join('\r\n') + '\r\n');
  }

  private async sendCsv(
    res: Response,
    filename: string,
    input: { actor: ReturnType<typeof actorOf>; nftIds: number[] } & Range,
  ): Promise<void> {
    const { items } = await this.services.send(ANALYTICS.exportScans, input);
    const lines = items.map((i) =>
      [i.chiplinkId, i.type, i.timestamp, i.city, i.radius, i.country].map(csvField).join(','),
    );
    this.csv(res, filename, [SCANS_CSV_HEADER, ...lines]);
  }
}
