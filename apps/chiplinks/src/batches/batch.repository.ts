import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, not, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { chipBatches, chipBatchKeys, chipCounters, chiplinks, publicNames } from '../db/schema.js';
import type { ChipAuthRow } from '../chips/chip-tap.repository.js';
import type { BeforeInsert, NewChiplink } from '../links/chiplink.repository.js';

export type BatchRow = typeof chipBatches.$inferSelect;

/** A batch's counter-jump threshold unless it sets one (issue #26 item 7): more than this many reads between two taps. */
export const DEFAULT_COUNTER_JUMP = 1000;
export type BatchKeyRow = typeof chipBatchKeys.$inferSelect;

/** What a batch chip row needs for the admin's table. */
export interface BatchChipRow {
  seq: number;
  id: string;
  uid: string;
  keyVersion: number;
  pendingVersion: boolean;
  scans: number;
  lastCounter: number;
  tamper: string | null;
  counterJumps: number;
  deleted: boolean;
  created: Date;
}

/**
 * A chip's identity and key material as the tap doctor reads it (the scan path reads the same columns
 * with a prepared statement: ChipTapRepository.findChipAuthByUid).
 */
const CHIP_KEY_COLUMNS = {
  id: chiplinks.id,
  uid: chiplinks.uid,
  nftId: chiplinks.nftId,
  keyScheme: chiplinks.keyScheme,
  keysSealed: chiplinks.keysSealed,
  keyRev: chiplinks.keyRev,
  keysNextSealed: chiplinks.keysNextSealed,
};

/** Chip batches and their key versions (issue #26). */
@Injectable()
export class BatchRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async insert(
    batch: typeof chipBatches.$inferInsert,
    key: typeof chipBatchKeys.$inferInsert,
    before?: BeforeInsert,
  ): Promise<BatchRow> {
    return this.db.transaction(async (tx) => {
      await before?.(tx);
      const [row] = await tx.insert(chipBatches).values(batch).returning();
      await tx.insert(chipBatchKeys).values(key);
      return row;
    });
  }

  /** A template's default batch (its chips from before batches, and chips linked one by one), made when first needed. */
  async ensureDefault(nftId: number): Promise<string> {
    const id = `default-${nftId}`;
    await this.db
      .insert(chipBatches)
      .values({ id, nftId, name: 'Default batch', scheme: 'default', counterJump: DEFAULT_COUNTER_JUMP })
      .onConflictDoNothing();
    return id;
  }

  async find(id: string): Promise<BatchRow | undefined> {
    const [row] = await this.db.select().from(chipBatches).where(eq(chipBatches.id, id));
    return row;
  }

  async listFor(nftId: number): Promise<BatchRow[]> {
    return this.db
      .select()
      .from(chipBatches)
      .where(eq(chipBatches.nftId, nftId))
      .orderBy(asc(chipBatches.created));
  }

  /** Every batch with one URL for its chips, and all its key versions: the batch-URL scan path's cache. */
  async withUrlForms(): Promise<{ batch: BatchRow; keys: BatchKeyRow[] }[]> {
    const batches = await this.db.select().from(chipBatches).where(isNotNull(chipBatches.urlTemplate));
    if (batches.length === 0) return [];
    const keys = await this.db
      .select()
      .from(chipBatchKeys)
      .where(
        inArray(
          chipBatchKeys.batchId,
          batches.map((b) => b.id),
        ),
      )
      .orderBy(desc(chipBatchKeys.version));
    return batches.map((batch) => ({ batch, keys: keys.filter((k) => k.batchId === batch.id) }));
  }

  async keys(batchId: string): Promise<BatchKeyRow[]> {
    return this.db
      .select()
      .from(chipBatchKeys)
      .where(eq(chipBatchKeys.batchId, batchId))
      .orderBy(desc(chipBatchKeys.version));
  }

  async update(id: string, set: Partial<typeof chipBatches.$inferInsert>): Promise<BatchRow | undefined> {
    const [row] = await this.db.update(chipBatches).set(set).where(eq(chipBatches.id, id)).returning();
    return row;
  }

  /** Moves a template's batch: its live chips follow (one statement each, one transaction). */
  async moveToTemplate(id: string, nftId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(chipBatches).set({ nftId }).where(eq(chipBatches.id, id));
      await tx
        .update(chiplinks)
        .set({ nftId, keyRev: sql`${chiplinks.keyRev} + 1` })
        .where(and(eq(chiplinks.batchId, id), not(chiplinks.deleted)));
    });
  }

  async chipCount(id: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(chiplinks)
      .where(and(eq(chiplinks.batchId, id), not(chiplinks.deleted)));
    return row?.n ?? 0;
  }

  /** Which of these UIDs already name a live chip (anywhere). */
  async liveUids(uids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < uids.length; i += 5000) {
      const rows = await this.db
        .select({ uid: chiplinks.uid })
        .from(chiplinks)
        .where(
          and(
            inArray(chiplinks.uid, uids.slice(i, i + 5000)),
            eq(chiplinks.type, 'chip'),
            not(chiplinks.deleted),
          ),
        );
      for (const r of rows) found.add(r.uid);
    }
    return found;
  }

  /** New chips with their public names and counters, all or nothing (chunked under PostgreSQL's parameter limit). */
  async insertChips(values: NewChiplink[], before?: BeforeInsert): Promise<void> {
    await this.db.transaction(async (tx) => {
      await before?.(tx);
      for (let i = 0; i < values.length; i += 1000) {
        const chunk = values.slice(i, i + 1000);
        await tx
          .insert(chipCounters)
          .values(chunk.map((v) => ({ uid: v.uid })))
          .onConflictDoNothing();
        await tx
          .insert(publicNames)
          .values(chunk.map((v) => ({ name: v.id.toUpperCase(), chiplinkId: v.id, kind: 'id' as const })));
        await tx.insert(chiplinks).values(chunk);
      }
    });
  }

  /** A new key version: the batch's key row and each live chip's next keys, in one transaction. */
  async rotate(
    id: string,
    version: number,
    key: typeof chipBatchKeys.$inferInsert,
    nextKeys: { id: string; sealed: string }[],
  ): Promise<BatchRow> {
    return this.db.transaction(async (tx) => {
      await tx.insert(chipBatchKeys).values(key);
      const [row] = await tx
        .update(chipBatches)
        .set({ keyVersion: version })
        .where(eq(chipBatches.id, id))
        .returning();
      for (let i = 0; i < nextKeys.length; i += 1000) {
        const chunk = nextKeys.slice(i, i + 1000);
        await tx.execute(sql`UPDATE chiplinks.chiplinks AS c SET keys_next_sealed = v.sealed, key_rev = c.key_rev + 1
          FROM (VALUES ${sql.join(
            chunk.map((k) => sql`(${k.id}, ${k.sealed})`),
            sql`, `,
          )}) AS v(id, sealed) WHERE c.id = v.id`);
      }
      return row;
    });
  }

  /** Live chips of the batch, keyset by insertion order (for rotation). */
  async liveChips(id: string): Promise<{ id: string; uid: string }[]> {
    return this.db
      .select({ id: chiplinks.id, uid: chiplinks.uid })
      .from(chiplinks)
      .where(and(eq(chiplinks.batchId, id), not(chiplinks.deleted)))
      .orderBy(asc(chiplinks.seq));
  }

  async chipsPage(id: string, after: number, limit: number): Promise<BatchChipRow[]> {
    const rows = await this.db
      .select({
        seq: chiplinks.seq,
        id: chiplinks.id,
        uid: chiplinks.uid,
        keyVersion: chiplinks.keyVersion,
        pendingVersion: sql<boolean>`${chiplinks.keysNextSealed} IS NOT NULL`,
        scans: chiplinks.scans,
        lastCounter: sql<number>`coalesce(${chipCounters.lastCounter}, -1)`,
        deleted: chiplinks.deleted,
        created: chiplinks.created,
        tamper: sql<
          string | null
        >`(SELECT s.tamper FROM chiplinks.scans s WHERE s.chiplink_id = ${chiplinks.id} AND s.tamper IS NOT NULL ORDER BY s.at DESC LIMIT 1)`,
        counterJumps: sql<number>`(SELECT count(*)::int FROM chiplinks.scans s WHERE s.chiplink_id = ${chiplinks.id} AND s.counter_jump)`,
      })
      .from(chiplinks)
      .leftJoin(chipCounters, eq(chipCounters.uid, chiplinks.uid))
      .where(and(eq(chiplinks.batchId, id), gt(chiplinks.seq, after)))
      .orderBy(asc(chiplinks.seq))
      .limit(limit);
    return rows;
  }

  /** The batch's chip of a UID for the tap doctor: the live one, else the latest removed one (inactive). */
  async anyChipByUid(
    batchId: string,
    uid: string,
  ): Promise<(ChipAuthRow & { deleted: boolean }) | undefined> {
    const [row] = await this.db
      .select({
        ...CHIP_KEY_COLUMNS,
        deleted: chiplinks.deleted,
      })
      .from(chiplinks)
      .where(and(eq(chiplinks.uid, uid), eq(chiplinks.batchId, batchId), eq(chiplinks.type, 'chip')))
      .orderBy(asc(chiplinks.deleted), desc(chiplinks.seq))
      .limit(1);
    return row;
  }
}
