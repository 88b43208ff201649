import type pg from 'pg';
import { countBatch, newBatchStats } from '../links/counter-batcher.js';

/** The probe statements of this process (read by `npm run bench:scan`). */
export const pendingProbeStats = newBatchStats();

interface Waiting {
  tag: string;
  at: number;
  resolve: (pending: boolean) => void;
  reject: (error: unknown) => void;
}

/** The most chips one statement asks about. */
const MAX_BATCH = 1000;

/**
 * Which chips have an NFC-NFT record with a pending transaction, asked for many scans at once: while
 * one statement is in flight the scans that arrive wait and go together in the next one (no timer, like
 * the counter batcher). Almost every scan is of a chip without one; before this, each scan read its
 * record with its own drizzle query, one round trip and one pool client per scan next to the shared
 * counter statement (docs/decisions.md "The scan tail"). It reads the current rows, never a cache, so
 * a pending transaction set a moment ago is seen by the next tap, on every replica.
 */
export class PendingProbe {
  private queue: Waiting[] = [];
  private running = false;

  constructor(private readonly pool: pg.Pool) {}

  /** Whether chip `tag` has a record whose pending transaction is set. */
  hasPending(tag: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ tag, at: performance.now(), resolve, reject });
      // drain settles every queued probe's own promise (resolve or reject): nothing waits for the loop
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const started = performance.now();
          const { rows } = await this.pool.query<{ nfc_id: string }>({
            name: 'chiplinks-pending-probe-v1',
            text: `SELECT nfc_id FROM chiplinks.nfc_nfts
                    WHERE nfc_id = ANY($1::text[]) AND pending_transaction_data <> ''`,
            values: [[...new Set(batch.map((w) => w.tag))]],
          });
          countBatch(
            pendingProbeStats,
            started,
            batch.map((w) => w.at),
            performance.now() - started,
          );
          const pending = new Set(rows.map((row) => row.nfc_id));
          for (const waiting of batch) waiting.resolve(pending.has(waiting.tag));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
