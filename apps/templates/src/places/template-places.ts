import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { tokenOwner, type ChainDirectory } from '@metatag/chain';
import type { Database } from '@metatag/db';
import { placeHolders, type MintFailedEvent, type MintRequestedEvent } from '@metatag/events';
import { AppError, CLOCK, DATABASE, type Clock } from '@metatag/nest-kit';
import { ledgerMints, nftTemplates, templatePlaces, tokenTemplates } from '../db/schema.js';
import { TEMPLATES_CHAINS } from '../ledger/ledger.tokens.js';
import { canonicalTokenId } from '../ledger/mint-count.consumer.js';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
type Db = Database['db'] | Tx;

/** A hold `p` whose token the ledger has seen minted and maps to the hold's template. */
const countedByLedger = sql`
  select 1 from ${ledgerMints} m
    join ${tokenTemplates} t on t.chain = m.chain and t.collection = m.collection and t.token_id = m.token_id
   where m.chain = p.chain and m.collection = p.collection and m.token_id = p.token_id
     and t.nft_id = p.nft_id and t.source is distinct from 'child'`;

/** Expired holds with a token checked on the chain per count; above it they simply count (safe side). */
const SETTLE_LIMIT = 50;
/** How long a given-back hold's tombstone is kept (a late event of it arrives within this). */
const TOMBSTONE_MS = 24 * 60 * 60 * 1000;

export interface PlaceRequest {
  nftId: number;
  holder: string;
  chain: string;
  token?: { collection: string; tokenId: string };
  /** Unix seconds. */
  until: string;
}

export interface PlaceCount {
  taken: number;
  limit: number;
}

/**
 * The one place a template's limit is counted (issue #31 item 3): the mint ledger's count of its
 * tokens (`nft_templates.mints`) plus the holds not counted there yet — chip and link vouchers out
 * (chiplinks takes them, and tells of every voucher in `voucher.issued`) and relayer mints requested
 * (the relayer takes them, and `mint.requested` makes them firm). A hold leaves the count when the
 * ledger counts its token, when it expires unused (checked on the chain: a voucher sent before its
 * deadline that the index has not shown yet still holds), or when it is given back. Taking a place
 * locks the template's row, the same lock the ledger's recount takes: of two callers racing for the
 * last place, one gets it.
 */
@Injectable()
export class TemplatePlaces {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(TEMPLATES_CHAINS) private readonly chains: ChainDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async take(input: PlaceRequest): Promise<PlaceCount & { ok: boolean }> {
    await this.settle(input.nftId);
    return this.database.db.transaction(async (tx) => {
      const template = await this.lockTemplate(tx, input.nftId);
      await this.prune(tx, input.nftId);
      const taken =
        template.limit > 0 ? template.mints + (await this.holds(tx, input.nftId, input.holder)) : 0;
      if (template.limit > 0 && taken >= template.limit) return { ok: false, taken, limit: template.limit };
      const row = this.row(input);
      await tx
        .insert(templatePlaces)
        .values(row)
        .onConflictDoUpdate({
          target: [templatePlaces.nftId, templatePlaces.holder],
          set: { ...row, releasedAt: null },
        });
      return { ok: true, taken, limit: template.limit };
    });
  }

  /** Places taken, `exceptHolder`'s own left out (it is about to be replaced). A read: nothing is locked. */
  async count(nftId: number, exceptHolder?: string): Promise<PlaceCount> {
    await this.settle(nftId);
    const [template] = await this.database.db
      .select({ limit: nftTemplates.editionLimit, mints: nftTemplates.mints })
      .from(nftTemplates)
      .where(eq(nftTemplates.id, nftId));
    if (!template) throw AppError.notFound('NFT template not found');
    return {
      taken: template.mints + (await this.holds(this.database.db, nftId, exceptHolder)),
      limit: template.limit,
    };
  }

  /** Gives a hold back (a gasless claim nobody pays for, a mint request that was not stored). */
  async release(nftId: number, holder: string): Promise<void> {
    await this.database.db
      .update(templatePlaces)
      .set({ releasedAt: this.clock.now() })
      .where(and(eq(templatePlaces.nftId, nftId), eq(templatePlaces.holder, holder)));
  }

  /**
   * chiplinks' `voucher.issued` (at least once, in any order with a `take` of the same hold): the
   * voucher's hold, unless a later hold of the same chip or link is there already.
   */
  async onVoucherIssued(input: PlaceRequest): Promise<void> {
    const row = this.row(input);
    await this.database.db
      .insert(templatePlaces)
      .values(row)
      .onConflictDoUpdate({
        target: [templatePlaces.nftId, templatePlaces.holder],
        set: { ...row, releasedAt: null },
        where: or(isNull(templatePlaces.until), lt(templatePlaces.until, sql.raw('excluded.until'))),
      });
  }

  /**
   * The relayer's `mint.requested`: its hold is firm until the ledger counts the token. Only for a
   * template with a limit (the relayer took the place before): a manual mint of a template without one
   * is counted by the ledger within seconds, and a row per mint would only pile up.
   */
  async onMintRequested(event: MintRequestedEvent): Promise<void> {
    if (event.gasless) return; // its chip's or link's voucher holds the place
    const nftId = Number(event.nftId);
    const [limited] = await this.database.db
      .select({ id: nftTemplates.id })
      .from(nftTemplates)
      .where(and(eq(nftTemplates.id, nftId), gt(nftTemplates.editionLimit, 0)));
    if (!limited) return;
    const row = {
      nftId,
      holder: placeHolders.mint(event.mintId),
      chain: event.chain,
      collection: event.collection.toLowerCase(),
      tokenId: canonicalTokenId(event.tokenId),
      until: null,
    };
    await this.database.db
      .insert(templatePlaces)
      .values(row)
      .onConflictDoUpdate({
        target: [templatePlaces.nftId, templatePlaces.holder],
        set: { collection: row.collection, tokenId: row.tokenId, until: null },
        // a failed mint's tombstone stays given back
        where: isNull(templatePlaces.releasedAt),
      });
  }

  /** The relayer's `mint.failed`: its place is free (a tombstone if the request is still to come). */
  async onMintFailed(event: MintFailedEvent): Promise<void> {
    const row = {
      nftId: Number(event.nftId),
      holder: placeHolders.mint(event.mintId),
      chain: event.chain,
      releasedAt: this.clock.now(),
    };
    await this.database.db
      .insert(templatePlaces)
      .values(row)
      .onConflictDoUpdate({
        target: [templatePlaces.nftId, templatePlaces.holder],
        set: { releasedAt: row.releasedAt },
      });
  }

  private row(input: PlaceRequest) {
    return {
      nftId: input.nftId,
      holder: input.holder,
      chain: input.chain,
      collection: input.token?.collection.toLowerCase() ?? null,
      tokenId: input.token ? canonicalTokenId(input.token.tokenId) : null,
      until: new Date(Number(input.until) * 1000),
    };
  }

  private async lockTemplate(tx: Tx, nftId: number) {
    const [template] = await tx
      .select({ limit: nftTemplates.editionLimit, mints: nftTemplates.mints })
      .from(nftTemplates)
      .where(eq(nftTemplates.id, nftId))
      .for('update');
    if (!template) throw AppError.notFound('NFT template not found');
    return template;
  }

  /**
   * Holds out of the template, `exceptHolder`'s left out, and those the ledger counted (their token is
   * minted and mapped to the template: `mints` has them) left out too.
   */
  private async holds(db: Db, nftId: number, exceptHolder?: string): Promise<number> {
    const {
      rows: [row],
    } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${templatePlaces} p
       where p.nft_id = ${nftId} and p.released_at is null
         and p.holder is distinct from ${exceptHolder ?? null}::text
         and not exists (${countedByLedger})`);
    return row?.n ?? 0;
  }

  /** Drops the holds the ledger counted and the tombstones past their day (under the template's lock). */
  private async prune(tx: Tx, nftId: number): Promise<void> {
    await tx.execute(sql`
      delete from ${templatePlaces} p
       where p.nft_id = ${nftId}
         and (p.released_at < ${new Date(this.clock.now().getTime() - TOMBSTONE_MS).toISOString()}::timestamptz
              or exists (${countedByLedger}))`);
  }

  /**
   * Expired holds: one without a token (a mint request that was never stored) is over; a voucher's is
   * over unless the chain shows its token minted (sent before its deadline, not in the index yet:
   * then it holds firm until the ledger counts it). A chain that cannot answer leaves it counted.
   */
  private async settle(nftId: number): Promise<void> {
    const now = this.clock.now();
    const expired = await this.database.db
      .select()
      .from(templatePlaces)
      .where(
        and(
          eq(templatePlaces.nftId, nftId),
          isNull(templatePlaces.releasedAt),
          isNotNull(templatePlaces.until),
          lte(templatePlaces.until, now),
        ),
      )
      .limit(SETTLE_LIMIT + 1);
    if (expired.length === 0 || expired.length > SETTLE_LIMIT) return;
    await Promise.all(
      expired.map(async (place) => {
        const minted = place.tokenId && place.collection ? await this.minted(place) : false;
        if (minted === undefined) return;
        const same = and(
          eq(templatePlaces.nftId, place.nftId),
          eq(templatePlaces.holder, place.holder),
          eq(templatePlaces.until, place.until as Date),
        );
        if (minted) await this.database.db.update(templatePlaces).set({ until: null }).where(same);
        else await this.database.db.delete(templatePlaces).where(same);
      }),
    );
  }

  /** Whether the token exists on chain; undefined when the chain cannot say. */
  private async minted(place: { chain: string; collection: string | null; tokenId: string | null }) {
    const client = this.chains.byName(place.chain)?.client;
    if (!client) return undefined;
    const owner = await tokenOwner(client, place.collection as string, BigInt(place.tokenId as string));
    return owner === undefined ? undefined : owner !== null;
  }
}
