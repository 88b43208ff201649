import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { NfcNftRecordItem } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { nfcNftHistory, nfcNfts } from '../db/schema.js';
import { PendingProbe } from './pending-probe.js';

export type NfcNftRow = typeof nfcNfts.$inferSelect;
export type HistoryKind = (typeof nfcNftHistory.$inferInsert)['kind'];
export type NfcNftEditable = Pick<
  NfcNftRow,
  | 'nfcId'
  | 'chain'
  | 'smartContract'
  | 'relayer'
  | 'nftId'
  | 'url'
  | 'pendingTransactionData'
  | 'pendingTransactionValue'
  | 'redirectUrl'
>;

export const toNfcNftItem = (row: NfcNftRow): NfcNftRecordItem => ({
  id: row.id,
  nfcId: row.nfcId,
  chain: row.chain,
  smartContract: row.smartContract,
  relayer: row.relayer,
  nftId: row.nftId,
  url: row.url,
  pendingTransactionData: row.pendingTransactionData,
  pendingTransactionValue: row.pendingTransactionValue,
  redirectUrl: row.redirectUrl,
  created: row.created.toISOString(),
});

/** A PostgreSQL unique violation (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown })?.cause].some(
    (e) => (e as { code?: string } | undefined)?.code === '23505',
  );
}

@Injectable()
export class NfcNftRepository {
  private probe: PendingProbe | undefined;

  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Whether chip `nfcId` has a record with a pending transaction (the scan path; batched, see PendingProbe). */
  hasPending(nfcId: string): Promise<boolean> {
    this.probe ??= new PendingProbe(this.database.pool);
    return this.probe.hasPending(nfcId);
  }

  private get db() {
    return this.database.db;
  }

  listOwned(ownerId: number): Promise<NfcNftRow[]> {
    return this.db.select().from(nfcNfts).where(eq(nfcNfts.ownerId, ownerId)).orderBy(asc(nfcNfts.id));
  }

  async findOwned(ownerId: number, id: number): Promise<NfcNftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(nfcNfts)
      .where(and(eq(nfcNfts.id, id), eq(nfcNfts.ownerId, ownerId)));
    return row;
  }

  /** The owner's records a tag names: by their nftId or by their chip id. */
  findByTag(ownerId: number, tag: string): Promise<NfcNftRow[]> {
    return this.db
      .select()
      .from(nfcNfts)
      .where(and(eq(nfcNfts.ownerId, ownerId), or(eq(nfcNfts.nftId, tag), eq(nfcNfts.nfcId, tag))));
  }

  /** The record of a chip, whoever owns it (the scan path). */
  async findByChip(nfcId: string): Promise<NfcNftRow | undefined> {
    const [row] = await this.db.select().from(nfcNfts).where(eq(nfcNfts.nfcId, nfcId));
    return row;
  }

  async create(ownerId: number): Promise<NfcNftRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(nfcNfts).values({ ownerId }).returning();
      await tx.insert(nfcNftHistory).values({ recordId: row.id, kind: 'created' });
      return row;
    });
  }

  /**
   * Changes fields of one record. A change of the pending call data starts a new pending transaction:
   * its sequence number goes up (a new one-time scan id) and no relay of it is claimed yet.
   */
  async update(
    ownerId: number,
    id: number,
    patch: Partial<NfcNftEditable>,
    history?: { kind: HistoryKind; detail: string },
  ): Promise<NfcNftRow | undefined> {
    return this.db.transaction(async (tx) => {
      const newPending = patch.pendingTransactionData !== undefined;
      const [row] = await tx
        .update(nfcNfts)
        .set({
          ...patch,
          ...(newPending
            ? { pendingSeq: sql`${nfcNfts.pendingSeq} + 1`, pendingClaimedAt: null, pendingTxHash: null }
            : {}),
        })
        .where(and(eq(nfcNfts.id, id), eq(nfcNfts.ownerId, ownerId)))
        .returning();
      if (row && history)
        await tx
          .insert(nfcNftHistory)
          .values({ recordId: row.id, kind: history.kind, seq: row.pendingSeq, detail: history.detail });
      return row;
    });
  }

  /**
   * Clears the pending transaction `seq` of record `id`, carried by `txHash`: a compare-and-set on
   * (pending_seq, data not yet cleared), so of two concurrent confirmations exactly one clears and
   * writes the 'confirmed' history entry. Undefined when another one (or an admin's change) came first.
   */
  async clearConfirmed(id: number, seq: number, txHash: string): Promise<NfcNftRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(nfcNfts)
        .set({ pendingTransactionData: '', pendingTransactionValue: '', pendingTxHash: txHash })
        .where(
          and(eq(nfcNfts.id, id), eq(nfcNfts.pendingSeq, seq), sql`${nfcNfts.pendingTransactionData} <> ''`),
        )
        .returning();
      if (row)
        await tx
          .insert(nfcNftHistory)
          .values({ recordId: id, seq, kind: 'confirmed', detail: 'relayed on chain', txHash });
      return row;
    });
  }

  async findById(id: number): Promise<NfcNftRow | undefined> {
    const [row] = await this.db.select().from(nfcNfts).where(eq(nfcNfts.id, id));
    return row;
  }

  /**
   * Claims the gasless relay of pending transaction `seq` (compare-and-set on pending_claimed_at): true
   * for exactly one of any number of concurrent callers.
   */
  async claimRelay(id: number, seq: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(nfcNfts)
      .set({ pendingClaimedAt: at })
      .where(
        and(
          eq(nfcNfts.id, id),
          eq(nfcNfts.pendingSeq, seq),
          isNull(nfcNfts.pendingClaimedAt),
          sql`${nfcNfts.pendingTransactionData} <> ''`,
        ),
      )
      .returning({ id: nfcNfts.id });
    return rows.length > 0;
  }

  /** Gives a claim back (the relay was refused or failed): the pending transaction may be completed again. */
  async releaseRelay(id: number, seq: number, failure: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(nfcNfts)
        .set({ pendingClaimedAt: null, pendingTxHash: null })
        .where(
          and(eq(nfcNfts.id, id), eq(nfcNfts.pendingSeq, seq), sql`${nfcNfts.pendingTransactionData} <> ''`),
        )
        .returning({ id: nfcNfts.id });
      if (rows.length > 0)
        await tx.insert(nfcNftHistory).values({ recordId: id, seq, kind: 'failed', detail: failure });
    });
  }

  /** The hash of the transaction now carrying pending transaction `seq` (a replacement changes it). */
  async setRelayHash(id: number, seq: number, txHash: string): Promise<void> {
    await this.db
      .update(nfcNfts)
      .set({ pendingTxHash: txHash })
      .where(
        and(eq(nfcNfts.id, id), eq(nfcNfts.pendingSeq, seq), sql`${nfcNfts.pendingTransactionData} <> ''`),
      );
  }

  async remove(ownerId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(nfcNfts)
      .where(and(eq(nfcNfts.id, id), eq(nfcNfts.ownerId, ownerId)))
      .returning({ id: nfcNfts.id });
    return rows.length > 0;
  }

  async addHistory(recordId: number, seq: number, kind: HistoryKind, detail: string, txHash?: string) {
    await this.db.insert(nfcNftHistory).values({ recordId, seq, kind, detail, txHash: txHash ?? null });
  }

  history(recordId: number) {
    return this.db
      .select()
      .from(nfcNftHistory)
      .where(eq(nfcNftHistory.recordId, recordId))
      .orderBy(asc(nfcNftHistory.id));
  }
}
