import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import type { OutboxEvent } from '@metatag/outbox';
import { chiplinks, issuedTokens, ledgerEventsSeen, outbox } from '../db/schema.js';

/**
 * A chip's or link's mint vouchers and what the mint ledger counts on it (#31 item 6: split out of
 * ChiplinkRepository): the token each voucher names, the place it holds under the template's limit
 * until the ledger has counted its mint, a link's one claimer, multi-mint's next token.
 */
@Injectable()
export class VoucherRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Live links of the template that still wait for their mint and hold no voucher: each will ask for a
   * place under the template's limit (a shop order must not make more than the places left, #28).
   */
  async waitingLinks(nftId: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(chiplinks)
      .where(
        and(
          eq(chiplinks.nftId, nftId),
          eq(chiplinks.type, 'link'),
          not(chiplinks.deleted),
          not(chiplinks.tokenMinted),
          or(isNull(chiplinks.voucherUntil), lt(chiplinks.voucherUntil, now)),
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * The chain shows an owner of `tokenId`: the chiplink moves on from it (multi-mint, claims). It is
   * counted by the mint ledger (`countLedgerMint`), not here; its voucher keeps holding a place under
   * the template's limit until the ledger has counted it.
   */
  async markMinted(id: string, tokenId: string): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ tokenMinted: true })
      .where(and(eq(chiplinks.id, id), eq(chiplinks.tokenToMint, tokenId), not(chiplinks.tokenMinted)));
  }

  /**
   * The ledger's `token.minted`, once per log (chain, transaction, log index): counted on the chiplink
   * the token's voucher was issued for (nothing for tokens minted otherwise). Its voucher is then
   * settled. Returns the chiplink counted, if any.
   */
  async countLedgerMint(mint: {
    chain: string;
    collection: string;
    tokenId: string;
    txHash: string;
    logIndex: number;
  }): Promise<{ id: string; nftId: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(ledgerEventsSeen)
        .values({ chain: mint.chain, txHash: mint.txHash, logIndex: mint.logIndex })
        .onConflictDoNothing()
        .returning({ chain: ledgerEventsSeen.chain });
      if (fresh.length === 0) return undefined;
      const [issued] = await tx
        .select({ chiplinkId: issuedTokens.chiplinkId })
        .from(issuedTokens)
        .where(
          and(
            eq(issuedTokens.chain, mint.chain),
            eq(issuedTokens.collection, mint.collection),
            eq(issuedTokens.tokenId, mint.tokenId),
          ),
        );
      if (!issued) return undefined;
      const mine = sql`${chiplinks.tokenToMint} = ${mint.tokenId}`;
      const [row] = await tx
        .update(chiplinks)
        .set({
          mints: sql`${chiplinks.mints} + 1`,
          tokenMinted: sql`${chiplinks.tokenMinted} OR ${mine}`,
          voucherUntil: sql`CASE WHEN ${mine} THEN NULL ELSE ${chiplinks.voucherUntil} END`,
        })
        .where(eq(chiplinks.id, issued.chiplinkId))
        .returning({ id: chiplinks.id, nftId: chiplinks.nftId });
      return row;
    });
  }

  /** Multi-mint: move on from a minted token to `next`; returns the token to mint now. */
  async rotateToken(id: string, minted: string, next: string): Promise<string | undefined> {
    await this.db
      .update(chiplinks)
      .set({ tokenToMint: next, tokenMinted: false })
      .where(and(eq(chiplinks.id, id), eq(chiplinks.tokenToMint, minted), chiplinks.tokenMinted));
    const [row] = await this.db
      .select({ tokenToMint: chiplinks.tokenToMint })
      .from(chiplinks)
      .where(eq(chiplinks.id, id));
    return row?.tokenToMint;
  }

  /** Prepared once per connection: every link voucher binds (#33 item 4). */
  private binding?: ReturnType<VoucherRepository['prepareBinding']>;

  private prepareBinding() {
    const wallet = sql.placeholder('wallet');
    return this.db
      .update(chiplinks)
      .set({ claimedBy: sql`${wallet}` })
      .where(
        and(
          eq(chiplinks.id, sql.placeholder('id')),
          or(isNull(chiplinks.claimedBy), eq(chiplinks.claimedBy, wallet)),
        ),
      )
      .returning({ id: chiplinks.id })
      .prepare('chiplinks_bind_claimer');
  }

  /**
   * Binds link `id`'s claim to wallet `to` (compare-and-set): true when the link was free or already
   * bound to `to`; false when another wallet holds it, however many claimers race.
   */
  async bindClaimer(id: string, to: string): Promise<boolean> {
    this.binding ??= this.prepareBinding();
    const rows = await this.binding.execute({ id, wallet: to.toLowerCase() });
    return rows.length > 0;
  }

  /**
   * A mint voucher of `tokenId` (in `collection` on `chain`) is out until `until`; the token is
   * remembered as this chiplink's, so the ledger counts its mint here; `announce` (`voucher.issued`) is
   * stored in the outbox with it. Returns the outbox row's id.
   */
  async reserve(
    id: string,
    tokenId: string,
    until: Date,
    where: { chain: string; collection: string },
    announce: OutboxEvent,
  ): Promise<number[]> {
    // one statement (a data-modifying CTE) is as atomic as a transaction and one round trip instead of
    // four (BEGIN, insert, update, COMMIT): it is on every voucher's path (#33 item 4)
    const { rows } = await this.db.execute<{ id: string }>(sql`
      with issued as (
        insert into ${issuedTokens} (chain, collection, token_id, chiplink_id)
        values (${where.chain}, ${where.collection.toLowerCase()}, ${tokenId}, ${id})
        on conflict do nothing
      ), reserved as (
        update ${chiplinks} set voucher_until = ${until.toISOString()}::timestamptz
        where id = ${id} and token_to_mint = ${tokenId}
      )
      insert into ${outbox} (subject, payload)
      values (${announce.subject}, ${JSON.stringify(announce.payload)}::jsonb)
      returning id`);
    return rows.map((r) => Number(r.id));
  }

  async clearVoucher(id: string, tokenId: string): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ voucherUntil: null })
      .where(and(eq(chiplinks.id, id), eq(chiplinks.tokenToMint, tokenId), not(chiplinks.tokenMinted)));
  }
}
