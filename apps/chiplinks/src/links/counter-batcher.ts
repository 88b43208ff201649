import type pg from 'pg';

/** What the counter rule decided for one scan. */
export type CounterVerdict =
  /** `jumped`: the counter moved forward more than the scan's `jumpAbove` (accepted, flagged). */
  | { accepted: true; nftId: number; jumped: boolean }
  /**
   * The chip's keys or template changed since they were cached (a restore with new keys, a move to
   * another template): read them again. Nothing was consumed.
   */
  | { accepted: false; stale: true }
  | { accepted: false; stale: false };

/**
 * One scan to judge: chip `id`, whose cached keys are revision `keyRev`, read `uid` at `counter`.
 * `nftId` is the template the caller already read for its reply: a chip that belongs to another one
 * by now is stale, so a counter is never accepted for a reply prepared from the wrong template.
 */
export interface CounterScan {
  id: string;
  uid: string;
  keyRev: number;
  nftId: number;
  counter: number;
  /**
   * A forward jump of more than this over the last accepted counter is flagged on the scan's row (the
   * chip's batch threshold, issue #26 item 7); absent: never. A chip's first scan has nothing to jump from.
   */
  jumpAbove?: number | null;
  /**
   * The scan's record (`chiplinks.scans`), written by the statement that accepts the counter: an
   * accepted scan always has its row, whatever process or database dies right after the reply.
   */
  record?: ScanRow;
}

/** What `chiplinks.scans` keeps of an accepted scan. */
export interface ScanRow {
  at: Date;
  city: string | null;
  radius: number | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
  fileData: string | null;
  /** The TagTamper status letters the tap mirrored (permanent, current), null without. */
  tamper?: string | null;
  /** The GS1 serial of the batch URL the tap came through ({SERIAL}), null without. */
  serial?: string | null;
}

interface Pending extends CounterScan {
  /** performance.now() when it was queued. */
  at: number;
  resolve: (verdict: CounterVerdict) => void;
  reject: (error: unknown) => void;
}

const REFUSED: CounterVerdict = Object.freeze({ accepted: false, stale: false });
const STALE: CounterVerdict = Object.freeze({ accepted: false, stale: true });

/** The most scans one statement accepts. */
const MAX_BATCH = 1000;
/** deadlock_detected: two replicas' batches locked the same rows in another order. */
const DEADLOCK = '40P01';

/**
 * What the scan path's batched statements cost, since the process started: read by `npm run bench:scan`
 * (the time a scan waited for its statement to start is the batching wait of the scan tail).
 */
export interface BatchStats {
  statements: number;
  scans: number;
  /** Sum and longest of the statements' round trips, ms. */
  statementMs: number;
  maxStatementMs: number;
  /** Sum and longest of the waits from a scan's arrival to its statement's start, ms. */
  queuedMs: number;
  maxQueuedMs: number;
}

export const newBatchStats = (): BatchStats => ({
  statements: 0,
  scans: 0,
  statementMs: 0,
  maxStatementMs: 0,
  queuedMs: 0,
  maxQueuedMs: 0,
});

/** The counter statements of this process (every CounterBatcher). */
export const counterBatchStats = newBatchStats();

/** Counts one statement of `size` scans that waited `waits` ms and ran `ms`. */
export function countBatch(stats: BatchStats, started: number, arrivals: number[], ms: number): void {
  stats.statements += 1;
  stats.scans += arrivals.length;
  stats.statementMs += ms;
  stats.maxStatementMs = Math.max(stats.maxStatementMs, ms);
  for (const at of arrivals) {
    stats.queuedMs += started - at;
    stats.maxQueuedMs = Math.max(stats.maxQueuedMs, started - at);
  }
}

/**
 * The counter rule of the scan path for many scans at once: while one statement is in flight, the
 * scans that arrive wait and go together in the next one (no timer: an idle path sends at once). At
 * thousands of scans a second this costs one statement per round trip instead of one per scan.
 *
 * The counter belongs to the chip's UID (`chip_counters`), not to its row: deleting and re-adding a
 * chip, or moving it to another template, never lowers it. Each statement is still the atomic rule:
 * a UID's counter is updated only when the new one is strictly greater, for a live chip row whose
 * UID and key revision are the ones the scan was verified with. A UID appears at most once per
 * statement, so a second scan of the same chip waits for the next statement and is then judged
 * against the counter the first one stored: of two submissions of one URL exactly one passes.
 */
export class CounterBatcher {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly pool: pg.Pool) {}

  accept(scan: CounterScan): Promise<CounterVerdict> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...scan, at: performance.now(), resolve, reject });
      // drain settles every queued scan's own promise (resolve or reject): nothing waits for the loop
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch: Pending[] = [];
        const later: Pending[] = [];
        const uids = new Set<string>();
        const ids = new Set<string>();
        for (const pending of this.queue) {
          if (batch.length < MAX_BATCH && !uids.has(pending.uid) && !ids.has(pending.id)) {
            uids.add(pending.uid);
            ids.add(pending.id);
            batch.push(pending);
          } else later.push(pending);
        }
        this.queue = later;
        await this.run(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const started = performance.now();
      const verdicts = await this.update(batch);
      countBatch(
        counterBatchStats,
        started,
        batch.map((p) => p.at),
        performance.now() - started,
      );
      for (const pending of batch) pending.resolve(verdicts.get(pending.id) ?? REFUSED);
    } catch (error) {
      if ((error as { code?: string }).code === DEADLOCK && batch.length > 1) {
        // rare (only between replicas): judge each scan on its own, in arrival order
        for (const pending of batch) await this.run([pending]);
        return;
      }
      for (const pending of batch) pending.reject(error);
    }
  }

  private async update(batch: Pending[]): Promise<Map<string, CounterVerdict>> {
    const { rows } = await this.pool.query<{
      id: string;
      nft_id: number;
      stale: boolean;
      accepted: boolean;
      jumped: boolean;
    }>({
      name: 'chiplinks-accept-uid-counters-v5',
      // `live.previous` is the counter before this statement (its snapshot): the jump is measured from it
      text: `WITH v AS (
               SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[],
                                    $6::timestamptz[], $7::text[], $8::int[], $9::text[], $10::text[],
                                    $11::real[], $12::real[], $13::int[], $14::text[], $15::text[])
                        AS v(id, uid, rev, counter, nft, at, city, radius, country, file_data, lat, lon,
                             jump_above, tamper, serial)
             ), live AS (
               SELECT c.id, c.nft_id, v.uid, v.counter, (c.key_rev <> v.rev OR c.nft_id <> v.nft) AS stale,
                      COALESCE(p.last_counter >= 0 AND v.counter - p.last_counter > v.jump_above, false) AS jumped
                 FROM chiplinks.chiplinks c JOIN v ON c.id = v.id
                 LEFT JOIN chiplinks.chip_counters p ON p.uid = v.uid
                WHERE c.type = 'chip' AND NOT c.deleted AND c.uid = v.uid
             ), accepted AS (
               UPDATE chiplinks.chip_counters k SET last_counter = live.counter
                 FROM live
                WHERE k.uid = live.uid AND NOT live.stale AND k.last_counter < live.counter
               RETURNING k.uid
             ), counted AS (
               UPDATE chiplinks.chiplinks c SET scans = c.scans + 1
                 FROM live JOIN accepted a ON a.uid = live.uid
                WHERE c.id = live.id
               RETURNING c.id
             ), recorded AS (
               INSERT INTO chiplinks.scans (chiplink_id, at, city, radius, country, file_data, lat, lon,
                                            tamper, counter_jump, serial)
               SELECT v.id, v.at, v.city, v.radius, v.country, v.file_data, v.lat, v.lon, v.tamper, live.jumped,
                      v.serial
                 FROM v JOIN counted ON counted.id = v.id JOIN live ON live.id = v.id
                WHERE v.at IS NOT NULL
             )
             SELECT live.id, live.nft_id, live.stale, counted.id IS NOT NULL AS accepted, live.jumped
               FROM live LEFT JOIN counted ON counted.id = live.id`,
      values: [
        batch.map((p) => p.id),
        batch.map((p) => p.uid),
        batch.map((p) => p.keyRev),
        batch.map((p) => p.counter),
        batch.map((p) => p.nftId),
        batch.map((p) => p.record?.at.toISOString() ?? null),
        batch.map((p) => p.record?.city ?? null),
        batch.map((p) => p.record?.radius ?? null),
        batch.map((p) => p.record?.country ?? null),
        batch.map((p) => p.record?.fileData ?? null),
        batch.map((p) => p.record?.lat ?? null),
        batch.map((p) => p.record?.lon ?? null),
        batch.map((p) => p.jumpAbove ?? null),
        batch.map((p) => p.record?.tamper ?? null),
        batch.map((p) => p.record?.serial ?? null),
      ],
    });
    return new Map(
      rows.map((row) => [
        row.id,
        row.accepted
          ? { accepted: true, nftId: row.nft_id, jumped: row.jumped }
          : row.stale
            ? STALE
            : REFUSED,
      ]),
    );
  }
}
