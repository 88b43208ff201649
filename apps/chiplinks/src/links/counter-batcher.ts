import type pg from 'pg';

export interface AcceptedCounter {
  nftId: number;
}

interface Pending {
  id: string;
  counter: number;
  resolve: (accepted: AcceptedCounter | undefined) => void;
  reject: (error: unknown) => void;
}

/** The most scans one statement accepts. */
const MAX_BATCH = 1000;
/** deadlock_detected: two replicas' batches locked the same rows in another order. */
const DEADLOCK = '40P01';

/**
 * The counter rule of the scan path for many scans at once: while one UPDATE is in flight, the scans
 * that arrive wait and go together in the next one (no timer: an idle path sends at once). At
 * thousands of scans a second this costs one statement per round trip instead of one per scan.
 *
 * Each statement is still the atomic rule: a row is updated only when the new counter is strictly
 * greater than the stored one. A chip appears at most once per statement (UPDATE ... FROM applies one
 * source row to a target row), so a second scan of the same chip waits for the next statement and is
 * then judged against the counter the first one stored: of two submissions of one URL exactly one
 * passes, and counters of one chip are applied in arrival order.
 */
export class CounterBatcher {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly pool: pg.Pool) {}

  accept(id: string, counter: number): Promise<AcceptedCounter | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id, counter, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch: Pending[] = [];
        const later: Pending[] = [];
        const ids = new Set<string>();
        for (const pending of this.queue) {
          if (batch.length < MAX_BATCH && !ids.has(pending.id)) {
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
      const accepted = await this.update(batch);
      for (const pending of batch) pending.resolve(accepted.get(pending.id));
    } catch (error) {
      if ((error as { code?: string }).code === DEADLOCK && batch.length > 1) {
        // rare (only between replicas): judge each scan on its own, in arrival order
        for (const pending of batch) await this.run([pending]);
        return;
      }
      for (const pending of batch) pending.reject(error);
    }
  }

  private async update(batch: Pending[]): Promise<Map<string, AcceptedCounter>> {
    const { rows } = await this.pool.query<{ id: string; nft_id: number }>({
      name: 'chiplinks-accept-counters',
      text: `UPDATE chiplinks.chiplinks c SET last_counter = v.counter, scans = c.scans + 1
               FROM unnest($1::text[], $2::int[]) AS v(id, counter)
              WHERE c.id = v.id AND c.type = 'chip' AND NOT c.deleted AND c.last_counter < v.counter
              RETURNING c.id, c.nft_id`,
      values: [batch.map((p) => p.id), batch.map((p) => p.counter)],
    });
    return new Map(rows.map((row) => [row.id, { nftId: row.nft_id }]));
  }
}
