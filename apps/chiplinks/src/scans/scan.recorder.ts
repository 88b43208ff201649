import type pg from 'pg';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@metatag/nest-kit';
import { SCAN_DATABASE } from '../chiplinks.tokens.js';
import type { GeoLocation } from './geo.lookup.js';

interface PendingScan extends GeoLocation {
  chiplinkId: string;
  at: Date;
  /** The chip's decrypted SDMENCFileData (hex), if its URL carried any. */
  fileData?: string | null;
}

/**
 * Why a tap of a known chip was refused: `invalid` (its MAC or UID does not hold: forged, or another
 * chip's message on this chip's URL; SUN cannot tell those apart) or `replayed` (a counter already used).
 */
export type RefusalReason = 'invalid' | 'replayed';

export interface Refusal {
  chiplinkId: string;
  at: Date;
  reason: RefusalReason;
}

/** Records wait at most this long, or until this many are pending, before one INSERT writes them. */
const FLUSH_AFTER_MS = 20;
const FLUSH_AT = 500;
/** A batch the database refused (it is down) is tried again after this long, keeping at most RETRY_LIMIT. */
const RETRY_AFTER_MS = 1000;
const RETRY_LIMIT = 100_000;

/**
 * Writes link visits and refused taps in batches: at thousands a second one multi-row INSERT per few ms
 * costs far less than one round trip each. (A chip's accepted scan is not batched here: its row is
 * written by the statement that accepts its counter, CounterBatcher.) Pending records are written on
 * shutdown, a batch the database refused is tried again (PostgreSQL restarting), and readers of this
 * replica flush first.
 */
@Injectable()
export class ScanRecorder implements OnModuleDestroy {
  private pending: PendingScan[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(SCAN_DATABASE) private readonly pool: pg.Pool,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private refusals: Refusal[] = [];
  private retry: NodeJS.Timeout | undefined;

  /** Puts records that failed back in front, to be written once the database answers again. */
  private again(scans: PendingScan[], refusals: Refusal[]): void {
    this.pending = [...scans, ...this.pending].slice(-RETRY_LIMIT);
    this.refusals = [...refusals, ...this.refusals].slice(-RETRY_LIMIT);
    this.retry ??= setTimeout(() => {
      this.retry = undefined;
      // flush keeps what it could not write for the next retry and logs the failure
      void this.flush();
    }, RETRY_AFTER_MS);
    this.retry.unref();
  }

  record(scan: PendingScan): void {
    this.pending.push(scan);
    this.schedule();
  }

  /** A refused tap of a known chip, for its owner's analytics (never told to the visitor). */
  refuse(refusal: Refusal): void {
    this.refusals.push(refusal);
    this.schedule();
  }

  private schedule(): void {
    // flush keeps what it could not write for the next retry and logs the failure
    if (this.pending.length + this.refusals.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
  }

  /** Writes everything recorded so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length) this.writing = this.writing.then(() => this.write(batch));
    const refusals = this.refusals;
    this.refusals = [];
    if (refusals.length) this.writing = this.writing.then(() => this.writeRefusals(refusals));
    return this.writing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  private async writeRefusals(batch: Refusal[]): Promise<void> {
    try {
      await this.pool.query({
        name: 'chiplinks-refused-taps-insert',
        text: `INSERT INTO chiplinks.refused_taps (chiplink_id, at, reason)
               SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[])`,
        values: [
          batch.map((r) => r.chiplinkId),
          batch.map((r) => r.at.toISOString()),
          batch.map((r) => r.reason),
        ],
      });
    } catch (error) {
      this.logger.error({ err: error, count: batch.length }, 'refused taps not written yet: trying again');
      this.again([], batch);
    }
  }

  private async write(batch: PendingScan[]): Promise<void> {
    try {
      await this.pool.query({
        name: 'chiplinks-scans-insert',
        text: `INSERT INTO chiplinks.scans (chiplink_id, at, city, radius, country, file_data, lat, lon)
               SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::int[], $5::text[], $6::text[],
                                    $7::real[], $8::real[])`,
        values: [
          batch.map((s) => s.chiplinkId),
          batch.map((s) => s.at.toISOString()),
          batch.map((s) => s.city),
          batch.map((s) => s.radius),
          batch.map((s) => s.country),
          batch.map((s) => s.fileData ?? null),
          batch.map((s) => s.lat),
          batch.map((s) => s.lon),
        ],
      });
    } catch (error) {
      // A failed write must not fail visits: the records wait for the database instead.
      this.logger.error({ err: error, count: batch.length }, 'scan records not written yet: trying again');
      this.again(batch, []);
    }
  }
}
