import { Controller, Get, Header, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { analyticsQuery } from '@metatag/api-types';
import { ANALYTICS, type AuthUser, type ScanAnalyticsReply } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { csvField } from '../http/csv.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, idParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

const NOT_FOUND = 'NFT template not found';
type Range = z.output<typeof analyticsQuery>;

/** The scans CSV's columns; the rows are exactly what the export request answers. */
export const SCANS_CSV_HEADER = 'chiplink,type,timestamp,city,radius,country';

/**
 * Scan analytics of an NFT template (issue #20), for its owner or a super admin (chiplinks asks the
 * templates service): aggregates as JSON, and the range's scans as CSV.
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
    return this.services.send(ANALYTICS.templateScans, {
      actor: actorOf(me),
      nftId: idParam(nftId, NOT_FOUND),
      ...range,
    });
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
    const { items } = await this.services.send(ANALYTICS.exportScans, {
      actor: actorOf(me),
      nftId: id,
      ...range,
    });
    const lines = items.map((i) =>
      [i.chiplinkId, i.type, i.timestamp, i.city, i.radius, i.country].map(csvField).join(','),
    );
    res
      .status(200)
      .set({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="scans-${id}.csv"`,
        'cache-control': 'no-store',
      })
      .send([SCANS_CSV_HEADER, ...lines].join('\r\n') + '\r\n');
  }
}
