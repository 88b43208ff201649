import type pg from 'pg';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, isNull, lt, not, or, sql, sum } from 'drizzle-orm';
import type { KeyScheme } from '@metatag/chips';
import type { ChiplinkItem, ChiplinkType } from '@metatag/events';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { SCAN_DATABASE } from '../chiplinks.tokens.js';
import { chipCounters, chiplinks, issuedTokens, ledgerEventsSeen, publicNames } from '../db/schema.js';
import { CounterBatcher, type CounterScan, type CounterVerdict } from './counter-batcher.js';

export type ChiplinkRow = typeof chiplinks.$inferSelect;
export type NewChiplink = typeof chiplinks.$inferInsert;

export const toChiplinkItem = (row: ChiplinkRow): ChiplinkItem => ({
  id: row.id,
  type: row.type,
  nftId: row.nftId,
  uid: row.uid,
  scans: row.scans,
  mints: row.mints,
  created: row.created.toISOString(),
  deleted: row.deleted,
  tokenToMint: row.tokenToMint,
  locked: row.locked,
});

/** What the scan path needs of a chip, small enough to keep in memory. */
export interface ChipAuthRow {
  id: string;
  uid: string;
  nftId: number;
  keyScheme: KeyScheme;
  keysSealed: string | null;
  keyRev: number;
}

export type InsertResult = { ok: true; rows: ChiplinkRow[] } | { ok: false; taken: 'name' | 'chip' };

/** A row's public names: its id, and a link's uid (upper-cased: uids are found in any case). */
function namesOf(row: NewChiplink): (typeof publicNames.$inferInsert)[] {
  const names: (typeof publicNames.$inferInsert)[] = [
    { name: row.id.toUpperCase(), chiplinkId: row.id, kind: 'id' },
  ];
  if (row.type === 'link') names.push({ name: row.uid.toUpperCase(), chiplinkId: row.id, kind: 'uid' });
  return names;
}

/** The PostgreSQL unique violation behind an error (drizzle wraps it in `cause`), if it is one. */
function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  for (const e of [error, (error as { cause?: unknown })?.cause]) {
    const pg = e as { code?: string; constraint?: string } | undefined;
    if (pg?.code === '23505') return pg;
  }
  return undefined;
}

/** What a unique violation took: a public name (an id or a link uid already owned) or a live chip's UID. */
const takenBy = (pg: { constraint?: string }): 'name' | 'chip' =>
  pg.constraint?.startsWith('public_names') ? 'name' : 'chip';

@Injectable()
export class ChiplinkRepository {
  private readonly counters: CounterBatcher;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(SCAN_DATABASE) private readonly scanPool: pg.Pool,
  ) {
    this.counters = new CounterBatcher(scanPool);
  }

  private get db() {
    return this.database.db;
  }

  async findById(id: string): Promise<ChiplinkRow | undefined> {
    const [row] = await this.db.select().from(chiplinks).where(eq(chiplinks.id, id));
    return row;
  }

  /**
   * The chiplink a public name belongs to (`get-mint-data/{id or uid}`): its id, exactly as written,
   * or a link's uid in any case. Names have one owner (`public_names`), so nothing can shadow another.
   */
  async findByPublicName(name: string): Promise<ChiplinkRow | undefined> {
    const [found] = await this.db
      .select({ row: chiplinks, kind: publicNames.kind })
      .from(publicNames)
      .innerJoin(chiplinks, eq(chiplinks.id, publicNames.chiplinkId))
      .where(eq(publicNames.name, name.toUpperCase()));
    if (!found) return undefined;
    // ids are case-sensitive (base62); only a uid may be written in another case
    if (found.kind === 'id' && found.row.id !== name) return undefined;
    return found.row;
  }

  /** The live chip with this UID (upper-case hex), if any (attach names a chip by its UID, #18). */
  async findLiveChipByUid(uid: string): Promise<ChiplinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chiplinks)
      .where(and(eq(chiplinks.uid, uid), eq(chiplinks.type, 'chip'), not(chiplinks.deleted)));
    return row;
  }

  /** A live chip's key material (prepared statement: this runs on the scan path). */
  async findChipAuth(id: string): Promise<ChipAuthRow | undefined> {
    const { rows } = await this.scanPool.query<{
      id: string;
      uid: string;
      nft_id: number;
      key_scheme: KeyScheme;
      keys_sealed: string | null;
      key_rev: number;
    }>({
      name: 'chiplinks-chip-auth-v2',
      text: `SELECT id, uid, nft_id, key_scheme, keys_sealed, key_rev FROM chiplinks.chiplinks WHERE id = $1 AND type = 'chip' AND NOT deleted`,
      values: [id],
    });
    const row = rows[0];
    return (
      row && {
        id: row.id,
        uid: row.uid,
        nftId: row.nft_id,
        keyScheme: row.key_scheme,
        keysSealed: row.keys_sealed,
        keyRev: row.key_rev,
      }
    );
  }

  /**
   * The counter rule, atomic in the database: a UID's counter is updated only when `counter` is
   * strictly greater than the last accepted one, so of two concurrent scans of one URL exactly one
   * wins. Concurrent scans share one statement (CounterBatcher).
   */
  async acceptCounter(scan: CounterScan): Promise<CounterVerdict> {
    return this.counters.accept(scan);
  }

  /** The last counter accepted for a UID (-1 before the first). */
  async lastCounter(uid: string): Promise<number> {
    const [row] = await this.db
      .select({ n: chipCounters.lastCounter })
      .from(chipCounters)
      .where(eq(chipCounters.uid, uid));
    return row?.n ?? -1;
  }

  /** The most recently deleted chip row of a UID: what re-adding that UID restores. */
  async findDeletedChip(uid: string): Promise<ChiplinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chiplinks)
      .where(and(eq(chiplinks.uid, uid), eq(chiplinks.type, 'chip'), chiplinks.deleted))
      .orderBy(desc(chiplinks.deletedAt), desc(chiplinks.seq))
      .limit(1);
    return row;
  }

  /**
   * A new chip with its public name and, if its UID never had one, its counter. On a unique violation
   * nothing is kept and the answer says what was taken: its id as a public name, or a live chip's UID.
   */
  async insertChip(value: NewChiplink): Promise<InsertResult> {
    try {
      const row = await this.db.transaction(async (tx) => {
        await tx.insert(chipCounters).values({ uid: value.uid }).onConflictDoNothing();
        await tx.insert(publicNames).values(namesOf(value));
        const [inserted] = await tx.insert(chiplinks).values(value).returning();
        return inserted;
      });
      return { ok: true, rows: [row] };
    } catch (error) {
      const pg = uniqueViolation(error);
      if (!pg) throw error;
      return { ok: false, taken: takenBy(pg) };
    }
  }

  /**
   * A deleted chip made live again in template `nftId`, keeping its id (programmed into the chip),
   * scans and counter. Into another template (a move): the old template keeps a deleted record of
   * what the chip minted there (its limit counts it) and the chip starts a new token. New keys bump
   * the key revision, so replicas' cached keys are read again. Undefined when the UID is live again.
   */
  async restoreChip(
    row: ChiplinkRow,
    nftId: number,
    keys: Pick<ChiplinkRow, 'keyScheme' | 'keysSealed'> | undefined,
    tombstone: { id: string; nextToken: string },
  ): Promise<ChiplinkRow | undefined> {
    return this.unlessTaken(() =>
      this.db.transaction(async (tx) => {
        await tx.insert(chipCounters).values({ uid: row.uid }).onConflictDoNothing();
        const moved = row.nftId !== nftId;
        if (moved && (row.mints > 0 || row.voucherUntil)) {
          // the tombstone's id is a name of its own, never to be given to another chiplink
          await tx
            .insert(publicNames)
            .values({ name: tombstone.id.toUpperCase(), chiplinkId: tombstone.id, kind: 'id' });
          await tx.insert(chiplinks).values({
            id: tombstone.id,
            type: 'chip',
            nftId: row.nftId,
            uid: row.uid,
            mints: row.mints,
            created: row.created,
            deleted: true,
            deletedAt: row.deletedAt,
            tokenToMint: row.tokenToMint,
            tokenMinted: row.tokenMinted,
            voucherUntil: row.voucherUntil,
            keyScheme: row.keyScheme,
          });
          // the tokens issued so far were minted (or will be) in the old template: the tombstone's
          await tx
            .update(issuedTokens)
            .set({ chiplinkId: tombstone.id })
            .where(eq(issuedTokens.chiplinkId, row.id));
        }
        const [restored] = await tx
          .update(chiplinks)
          .set({
            deleted: false,
            deletedAt: null,
            nftId,
            ...(moved
              ? {
                  mints: 0,
                  tokenToMint: tombstone.nextToken,
                  tokenMinted: false,
                  voucherUntil: null,
                  locked: false,
                }
              : {}),
            ...(keys ? { ...keys, keyRev: sql`${chiplinks.keyRev} + 1` } : {}),
          })
          .where(and(eq(chiplinks.id, row.id), chiplinks.deleted))
          .returning();
        return restored;
      }),
    );
  }

  private async unlessTaken<T>(write: () => Promise<T>): Promise<T | undefined> {
    try {
      return await write();
    } catch (error) {
      if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505') return undefined;
      if ((error as { code?: string }).code === '23505') return undefined;
      throw error;
    }
  }

  /** A link opened: counted as a scan. */
  async countLinkScan(id: string): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ scans: sql`${chiplinks.scans} + 1` })
      .where(and(eq(chiplinks.id, id), eq(chiplinks.type, 'link'), not(chiplinks.deleted)));
  }

  async list(
    nftId: number,
    type: ChiplinkType,
    limit: number,
  ): Promise<{ rows: ChiplinkRow[]; total: number }> {
    const where = and(eq(chiplinks.nftId, nftId), eq(chiplinks.type, type), not(chiplinks.deleted));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(chiplinks).where(where).orderBy(asc(chiplinks.seq)).limit(limit),
      this.db.select({ n: count() }).from(chiplinks).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Keyset page of live rows after `afterSeq`, oldest first. */
  async page(nftId: number, type: ChiplinkType, afterSeq: number, limit: number): Promise<ChiplinkRow[]> {
    return this.db
      .select()
      .from(chiplinks)
      .where(
        and(
          eq(chiplinks.nftId, nftId),
          eq(chiplinks.type, type),
          not(chiplinks.deleted),
          gt(chiplinks.seq, afterSeq),
        ),
      )
      .orderBy(asc(chiplinks.seq))
      .limit(limit);
  }

  /**
   * Inserts all or nothing, each row with its public names (its id; a link also its uid). On a
   * unique violation nothing is kept and the answer says what was taken: a public name (an id or a
   * link uid already owned) or a live chip's UID.
   */
  async insertMany(values: NewChiplink[]): Promise<InsertResult> {
    try {
      const rows: ChiplinkRow[] = [];
      await this.db.transaction(async (tx) => {
        // chunks keep each statement under PostgreSQL's 65,535 parameters
        for (let i = 0; i < values.length; i += 2000) {
          const chunk = values.slice(i, i + 2000);
          await tx.insert(publicNames).values(chunk.flatMap(namesOf));
          rows.push(...(await tx.insert(chiplinks).values(chunk).returning()));
        }
      });
      return { ok: true, rows };
    } catch (error) {
      const pg = uniqueViolation(error);
      if (!pg) throw error;
      return { ok: false, taken: takenBy(pg) };
    }
  }

  async softDelete(id: string, nftId: number, type: ChiplinkType, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(chiplinks)
      .set({ deleted: true, deletedAt: at })
      .where(
        and(
          eq(chiplinks.id, id),
          eq(chiplinks.nftId, nftId),
          eq(chiplinks.type, type),
          not(chiplinks.deleted),
        ),
      )
      .returning({ id: chiplinks.id });
    return rows.length > 0;
  }

  async liveCounts(nftId: number): Promise<{ chips: number; links: number }> {
    const rows = await this.db
      .select({ type: chiplinks.type, n: count() })
      .from(chiplinks)
      .where(and(eq(chiplinks.nftId, nftId), not(chiplinks.deleted)))
      .groupBy(chiplinks.type);
    return {
      chips: rows.find((r) => r.type === 'chip')?.n ?? 0,
      links: rows.find((r) => r.type === 'link')?.n ?? 0,
    };
  }

  /** Tokens minted through the chips and links of a template (deleted ones included: their tokens exist). */
  async mintedCount(nftId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sum(chiplinks.mints) })
      .from(chiplinks)
      .where(eq(chiplinks.nftId, nftId));
    return Number(row?.n ?? 0);
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
    return (await this.findById(id))?.tokenToMint;
  }

  /**
   * A mint voucher of `tokenId` (in `collection` on `chain`) is out until `until`; the token is
   * remembered as this chiplink's, so the ledger counts its mint here.
   */
  async reserve(
    id: string,
    tokenId: string,
    until: Date,
    where: { chain: string; collection: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(issuedTokens)
        .values({ chain: where.chain, collection: where.collection.toLowerCase(), tokenId, chiplinkId: id })
        .onConflictDoNothing();
      await tx
        .update(chiplinks)
        .set({ voucherUntil: until })
        .where(and(eq(chiplinks.id, id), eq(chiplinks.tokenToMint, tokenId)));
    });
  }

  /** The template's chips and links with a mint voucher out and no mint counted yet (at most `limit`). */
  async pendingVouchers(
    nftId: number,
    exceptId: string,
    limit: number,
  ): Promise<Pick<ChiplinkRow, 'id' | 'tokenToMint' | 'voucherUntil'>[]> {
    return this.db
      .select({ id: chiplinks.id, tokenToMint: chiplinks.tokenToMint, voucherUntil: chiplinks.voucherUntil })
      .from(chiplinks)
      .where(
        and(
          eq(chiplinks.nftId, nftId),
          // a minted token's voucher holds its place until the ledger has counted it
          sql`${chiplinks.voucherUntil} IS NOT NULL`,
          not(eq(chiplinks.id, exceptId)),
        ),
      )
      .limit(limit);
  }

  async clearVoucher(id: string, tokenId: string): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ voucherUntil: null })
      .where(and(eq(chiplinks.id, id), eq(chiplinks.tokenToMint, tokenId), not(chiplinks.tokenMinted)));
  }

  async setLocked(id: string, locked: boolean): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ locked })
      .where(and(eq(chiplinks.id, id), not(eq(chiplinks.locked, locked))));
  }

  /** Records a signed lock change unless a signature as new or newer was already used (replay). */
  async applySignedLock(id: string, locked: boolean, signedAt: number): Promise<boolean> {
    const rows = await this.db
      .update(chiplinks)
      .set({ locked, lockSignedAt: signedAt })
      .where(
        and(eq(chiplinks.id, id), or(isNull(chiplinks.lockSignedAt), lt(chiplinks.lockSignedAt, signedAt))),
      )
      .returning({ id: chiplinks.id });
    return rows.length > 0;
  }
}
