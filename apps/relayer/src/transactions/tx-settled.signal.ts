import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { DATABASE, LOGGER } from '@metatag/nest-kit';

/**
 * The PostgreSQL channel the relayer's outbox notifies when it stores a `tx.sent` or `tx.failed`: the
 * notification is delivered when that transaction commits, to every relayer replica listening.
 */
export const TX_SETTLED_CHANNEL = 'relayer_tx_settled';

/**
 * Wakes a request that waits for a transaction to be handed to the node (limited creation answers with
 * the father's hash): the fact is followed as it is stored — `tx.sent` in the outbox — instead of being
 * polled for. The sender may be another replica (BullMQ hands the job to any), so the wake-up comes
 * from the database all replicas share, not from this process. One connection listens while requests
 * wait; it is opened for the first and closed with the module.
 */
@Injectable()
export class TxSettledSignal implements OnModuleDestroy {
  private listener?: Promise<pg.PoolClient>;
  private readonly waiters = new Set<() => void>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A promise that resolves at the next settled transaction after this call, or after `ms` (the
   * caller re-reads its row either way: a lost connection must not leave it waiting). Arm it before
   * reading the state it waits for, so a notification between the read and the wait is not missed.
   * Without a listening connection it is a plain wait of `ms`.
   */
  async arm(ms: number): Promise<() => Promise<void>> {
    try {
      await this.listen();
    } catch (error) {
      // no listener: the wait is only its bound (the caller re-reads then), never an error for a
      // request whose work is already done
      this.logger.warn({ err: error }, 'the transaction listener could not connect');
      return () => new Promise<void>((resolve) => setTimeout(resolve, ms));
    }
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => {
      wake = () => {
        this.waiters.delete(wake);
        resolve();
      };
    });
    this.waiters.add(wake);
    return async () => {
      const timer = setTimeout(wake, ms);
      await woken;
      clearTimeout(timer);
    };
  }

  async onModuleDestroy(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    for (const wake of this.waiters) wake();
    if (listener) (await listener.catch(() => undefined))?.release(true);
  }

  private listen(): Promise<pg.PoolClient> {
    this.listener ??= this.connect().catch((error: unknown) => {
      this.listener = undefined;
      throw error;
    });
    return this.listener;
  }

  private async connect(): Promise<pg.PoolClient> {
    const client = await this.database.pool.connect();
    const drop = (error?: unknown) => {
      if (error) this.logger.warn({ err: error }, 'the transaction listener lost its connection');
      this.listener = undefined;
      client.release(true);
      // a waiter re-reads its row and arms again (reconnecting)
      for (const wake of this.waiters) wake();
    };
    client.on('notification', () => {
      for (const wake of this.waiters) wake();
    });
    client.once('error', drop);
    try {
      await client.query(`LISTEN ${TX_SETTLED_CHANNEL}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    return client;
  }
}
