import { Controller, Get, Header, Headers, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  MINTS_CSV_HEADER,
  MINTS_CSV_NAME,
  mintCsvLine,
  mintQuery,
  mintsCsvQuery,
  mintSender,
  mintsListQuery,
  MINTS_OVERVIEW_DAYS,
  MINTS_OVERVIEW_RECENT,
  type MintsListQuery,
  type MintsOverviewReply,
  type MintsReply,
} from '@metatag/api-types';
import { isChainName } from '@metatag/contracts';
import { ANALYTICS, RELAYER, TEMPLATES, type AuthUser, type MintRecord } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, idParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

type MintQuery = z.output<typeof mintQuery>;

const NFT_NOT_FOUND = 'NFT template not found';

/** Retries with the same header return the first mint; keys are scoped per user. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._-]{1,100}$/;

function idempotencyKeyOf(header: string | undefined, user: AuthUser): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(header))
    throw new AppError(
      'invalid_input',
      'Idempotency-Key must be 1-100 letters, digits, ".", "_" or "-"',
      400,
    );
  return `user-${user.id}-${header}`;
}

function chainOf(chain: string): string {
  if (!isChainName(chain)) throw AppError.notFound(`Unknown chain ${chain}`);
  return chain;
}

/**
 * Manual mints of a template (spec section 7), sent by the relayer with the minter key. Only the
 * template's owner or a super admin reaches them (the relayer asks the templates service; anyone else
 * gets the template's 404), and a mint goes only to the template's own collection.
 */
@Controller()
export class MintsController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  @Post('json/:chain/mint')
  async mint(
    @Param('chain') chain: string,
    @Query(new ZodPipe(mintQuery)) query: MintQuery,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() me: AuthUser,
  ): Promise<{ ok: true; item: MintRecord }> {
    const name = chainOf(chain);
    const idempotencyKey = idempotencyKeyOf(key, me);
    const item = await this.services.send(RELAYER.createMint, {
      actor: actorOf(me),
      chain: name,
      nftId: query.nftId,
      chiplinkId: query.chiplinkId,
      to: query.to,
      collection: query.collection,
      idempotencyKey,
    });
    return { ok: true, item };
  }

  /**
   * The caller's mints across all their templates of the chain (#30, the owner overview): per day,
   * per collection, per source and the latest ones, from the same ledger as the mints lists; each day
   * with the scans of all those templates (chiplinks: scans only, the ledger has the mints).
   */
  @Allow('admin')
  @Get('json/:chain/mints-overview')
  @Header('cache-control', 'no-store')
  async overview(@Param('chain') chain: string, @CurrentUser() me: AuthUser): Promise<MintsOverviewReply> {
    const name = chainOf(chain);
    const actor = actorOf(me);
    const [mints, templates] = await Promise.all([
      this.services.send(TEMPLATES.mintsOverview, {
        actor,
        chain: name,
        days: MINTS_OVERVIEW_DAYS,
        recent: MINTS_OVERVIEW_RECENT,
      }),
      this.services.send(TEMPLATES.listNfts, { actor, chain: name, userId: me.id }),
    ]);
    const scans = new Map<string, number>();
    const ids = templates.items.map((t) => t.id);
    for (let at = 0; at < ids.length; at += SCANS_CHUNK) {
      const reply = await this.services.send(ANALYTICS.templateScans, {
        actor,
        nftIds: ids.slice(at, at + SCANS_CHUNK),
        from: mints.perDay[0]?.day,
        to: mints.perDay.at(-1)?.day,
      });
      for (const day of reply.perDay) scans.set(day.day, (scans.get(day.day) ?? 0) + day.scans);
    }
    return { ...mints, perDay: mints.perDay.map((d) => ({ ...d, scans: scans.get(d.day) ?? 0 })) };
  }

  /**
   * Every mint of a template (#30), from the mint ledger: chip and link vouchers (sent by the buyer's
   * wallet), manual mints, children — newest first, a page at a time, filterable by source. Manual
   * mints the relayer has not got on chain yet (queued, sent, failed) lead the first page with their
   * status: they are not chain facts, so no ledger holds them.
   */
  @Allow('admin')
  @Get('json/:chain/mints/:nftId')
  async list(
    @Param('chain') chain: string,
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(mintsListQuery)) query: MintsListQuery,
    @CurrentUser() me: AuthUser,
  ): Promise<MintsReply> {
    const name = chainOf(chain);
    const id = idParam(nftId, NFT_NOT_FOUND);
    const actor = actorOf(me);
    const ledger = await this.services.send(TEMPLATES.listLedgerMints, {
      actor,
      chain: name,
      nftId: id,
      source: query.source,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    const pending =
      query.page === 1 && (query.source === undefined || query.source === 'manual')
        ? (
            await this.services.send(RELAYER.listMints, { actor, chain: name, nftId: String(id) })
          ).items.filter((mint) => mint.status !== 'confirmed')
        : [];
    return {
      items: [
        ...pending.map((mint) => ({
          tokenId: mint.tokenId,
          to: mint.to,
          created: mint.created,
          status: mint.status,
          tx: mint.tx,
          source: 'manual' as const,
          sender: 'relayer' as const,
          collection: null,
          block: null,
          owner: null,
        })),
        ...ledger.items.map((mint) => ({
          tokenId: mint.tokenId,
          to: mint.to,
          created: mint.blockTime ?? '',
          status: 'confirmed' as const,
          tx: mint.txHash,
          source: mint.source,
          sender: mintSender(mint.source),
          collection: mint.collection,
          block: mint.blockNumber,
          owner: mint.owner,
        })),
      ],
      total: ledger.total,
      pending: pending.length,
      page: query.page,
      pageSize: query.pageSize,
      bySource: ledger.bySource,
    };
  }

  /** The whole list as CSV (mints.csv), streamed page by page from the ledger; pending mints are not in it. */
  @Allow('admin')
  @Get('json/:chain/mints/:nftId/mints.csv')
  async csv(
    @Param('chain') chain: string,
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(mintsCsvQuery)) query: z.output<typeof mintsCsvQuery>,
    @CurrentUser() me: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const ask = (offset: number) =>
      this.services.send(TEMPLATES.listLedgerMints, {
        actor: actorOf(me),
        chain: chainOf(chain),
        nftId: idParam(nftId, NFT_NOT_FOUND),
        source: query.source,
        offset,
        limit: CSV_PAGE,
      });
    // the first page is asked before any header is sent: a refusal is still a JSON error
    let page = await ask(0);
    res.status(200).set({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${MINTS_CSV_NAME}"`,
      'cache-control': 'no-store',
    });
    res.write(`${MINTS_CSV_HEADER.join(',')}\r\n`);
    for (let offset = 0; ;) {
      const lines = page.items.map(mintCsvLine).join('');
      if (lines && !res.write(lines)) await new Promise((resolve) => res.once('drain', resolve));
      offset += page.items.length;
      if (page.items.length < CSV_PAGE || res.destroyed) break;
      try {
        page = await ask(offset);
      } catch {
        res.destroy(); // headers are out: a cut-off download is the honest failure
        return;
      }
    }
    res.end();
  }
}

const CSV_PAGE = 500;
/** Templates per scans request (the analytics request's limit). */
const SCANS_CHUNK = 1000;
