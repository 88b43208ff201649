// The scan path's reads and writes of a chip (#31 item 6: the chiplink repository split by concern):
// its key material and batch policy by id or by UID in a batch (prepared statements on the scan pool),
// the counter rule (one statement for concurrent scans: CounterBatcher), a rotated chip's keys promoted,
// and what its latest tap read. Chips and links as objects (create, list, delete) stay in
// ChiplinkRepository.
import type pg from 'pg';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { KeyScheme } from '@metatag/chips';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { SCAN_DATABASE } from '../chiplinks.tokens.js';
import { chipCounters } from '../db/schema.js';
import { CounterBatcher, type CounterScan, type CounterVerdict } from '../links/counter-batcher.js';

/** What the scan path needs of a chip, small enough to keep in memory. */
export interface ChipAuthRow {
  id: string;
  uid: string;
  nftId: number;
  keyScheme: KeyScheme;
  keysSealed: string | null;
  keyRev: number;
  /** A rotated batch's next keys (sealed), until the chip's first tap with them. */
  keysNextSealed?: string | null;
  /** The batch's settings the scan path applies (issue #26): its mode pin, counter-jump threshold, TagTamper. */
  batch?: ChipBatchPolicy;
}

/** What a chip's batch asks of each of its taps (null/absent: no batch, nothing pinned). */
export interface ChipBatchPolicy {
  /** The SUN mode pinned ('any': the default batch's chips). */
  mode: 'aes' | 'lrp' | 'plain' | 'any';
  /** A forward jump of the read counter above this is accepted but flagged (null: never). */
  counterJump: number | null;
  /** The chips mirror their TagTamper status. */
  tagTamper: boolean;
}

@Injectable()
export class ChipTapRepository {
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

  /** A live chip's key material (prepared statement: this runs on the scan path). */
  findChipAuth(id: string): Promise<ChipAuthRow | undefined> {
    return this.chipAuth('chiplinks-chip-auth-v4', 'c.id = $1', [id]);
  }

  /**
   * A live chip of a batch by its UID, with the same key material (issue #26: a batch URL names its
   * chip by the UID inside the PICC data). A prepared statement on the scan pool, as findChipAuth: the
   * first tap of each chip of a fleet runs it, so a query builder's cost would show in the batch row.
   */
  findChipAuthByUid(batchId: string, uid: string): Promise<ChipAuthRow | undefined> {
    return this.chipAuth('chiplinks-chip-auth-by-uid-v1', 'c.uid = $1 AND c.batch_id = $2', [uid, batchId]);
  }

  private async chipAuth(name: string, where: string, values: string[]): Promise<ChipAuthRow | undefined> {
    const { rows } = await this.scanPool.query<{
      id: string;
      uid: string;
      nft_id: number;
      key_scheme: KeyScheme;
      keys_sealed: string | null;
      key_rev: number;
      keys_next_sealed: string | null;
      mode: ChipBatchPolicy['mode'] | null;
      counter_jump: number | null;
      tag_tamper: boolean | null;
    }>({
      name,
      // the chip's batch policy comes with its keys: the scan path reads nothing more
      text: `SELECT c.id, c.uid, c.nft_id, c.key_scheme, c.keys_sealed, c.key_rev, c.keys_next_sealed,
                    b.mode, b.counter_jump, b.tag_tamper
               FROM chiplinks.chiplinks c LEFT JOIN chiplinks.chip_batches b ON b.id = c.batch_id
              WHERE ${where} AND c.type = 'chip' AND NOT c.deleted`,
      values,
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
        keysNextSealed: row.keys_next_sealed,
        batch: row.mode
          ? { mode: row.mode, counterJump: row.counter_jump, tagTamper: !!row.tag_tamper }
          : undefined,
      }
    );
  }

  /**
   * A chip re-personalised after its batch's key rotation moves to the new version: its next keys
   * become its keys, the old ones are gone (a tap under them is refused), the key revision bumps so
   * every replica reads it again. The counter (per UID) is untouched.
   */
  async promoteNextKeys(id: string, keyRev: number): Promise<void> {
    await this.db.execute(sql`UPDATE chiplinks.chiplinks AS c
      SET keys_sealed = c.keys_next_sealed, keys_next_sealed = NULL, key_rev = c.key_rev + 1,
          key_version = coalesce((SELECT b.key_version FROM chiplinks.chip_batches b WHERE b.id = c.batch_id), c.key_version + 1)
      WHERE c.id = ${id} AND c.key_rev = ${keyRev} AND c.keys_next_sealed IS NOT NULL`);
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

  /**
   * The last counter accepted for a UID (-1 before the first) and what chip `chiplinkId`'s latest
   * recorded tap read (TagTamper letters, file data): a continued visit shows what its tap showed.
   */
  async latestTap(
    uid: string,
    chiplinkId: string,
  ): Promise<{ counter: number; tamper: string | null; fileData: string | null }> {
    const { rows } = await this.database.pool.query<{
      last_counter: number;
      tamper: string | null;
      file_data: string | null;
    }>({
      name: 'chiplinks-latest-tap',
      text: `SELECT k.last_counter, s.tamper, s.file_data
               FROM chiplinks.chip_counters k
               LEFT JOIN LATERAL (SELECT tamper, file_data FROM chiplinks.scans
                                   WHERE chiplink_id = $2 ORDER BY at DESC, id DESC LIMIT 1) s ON true
              WHERE k.uid = $1`,
      values: [uid, chiplinkId],
    });
    const row = rows[0];
    return {
      counter: row?.last_counter ?? -1,
      tamper: row?.tamper ?? null,
      fileData: row?.file_data ?? null,
    };
  }
}
