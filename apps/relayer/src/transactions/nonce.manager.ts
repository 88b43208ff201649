import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { reconcileNextNonce } from '@metatag/chain';
import { senderNonces } from '../db/schema.js';
import type { DbTx } from '../db/db-tx.js';
import { WORKER_DATABASE } from '../relayer.tokens.js';

/**
 * The persistent nonce sequence of each (chain, sender). Nonces are handed out only under the row
 * lock of `sender_nonces`, in the database transaction that also stores the signed transactions, so
 * a crash either loses both (nothing was broadcast: no gap) or keeps both (the same bytes are
 * re-broadcast after restart: no second transaction at that nonce).
 */
@Injectable()
export class NonceManager {
  constructor(@Inject(WORKER_DATABASE) private readonly database: Database) {}

  /**
   * Raises the stored next nonce to the chain's pending count when the chain is ahead (first use, key
   * used elsewhere, database restored from an older backup); never lowers it. Returns the next nonce.
   */
  async sync(chainId: number, address: string, chainPendingCount: number): Promise<number> {
    const start = reconcileNextNonce(undefined, chainPendingCount);
    const [row] = await this.database.db
      .insert(senderNonces)
      .values({ chainId, address, nextNonce: start })
      .onConflictDoUpdate({
        target: [senderNonces.chainId, senderNonces.address],
        set: {
          nextNonce: sql`greatest(${senderNonces.nextNonce}, excluded.next_nonce)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ nextNonce: senderNonces.nextNonce });
    return row.nextNonce;
  }

  /** Locks the sender's sequence for the rest of `tx` and returns its next nonce. */
  async lock(tx: DbTx, chainId: number, address: string): Promise<number> {
    const [row] = await tx
      .select({ nextNonce: senderNonces.nextNonce })
      .from(senderNonces)
      .where(and(eq(senderNonces.chainId, chainId), eq(senderNonces.address, address)))
      .for('update');
    if (!row) throw new Error(`nonce sequence of ${address} on chain ${chainId} is not initialised`);
    return row.nextNonce;
  }

  async advance(tx: DbTx, chainId: number, address: string, nextNonce: number): Promise<void> {
    await tx
      .update(senderNonces)
      .set({ nextNonce, updatedAt: sql`now()` })
      .where(and(eq(senderNonces.chainId, chainId), eq(senderNonces.address, address)));
  }

  async peek(chainId: number, address: string): Promise<number | undefined> {
    const [row] = await this.database.db
      .select({ nextNonce: senderNonces.nextNonce })
      .from(senderNonces)
      .where(and(eq(senderNonces.chainId, chainId), eq(senderNonces.address, address)));
    return row?.nextNonce;
  }
}
