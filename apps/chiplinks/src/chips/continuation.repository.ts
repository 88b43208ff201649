import { Inject, Injectable } from '@nestjs/common';
import { lt } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { continuationsUsed } from '../db/schema.js';

/** Redeemed continuation credentials: marking one used is one INSERT that succeeds once. */
@Injectable()
export class ContinuationRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** True for the first redemption of `nonce`; false when it was redeemed before (atomic). */
  async markUsed(nonce: string, chiplinkId: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.database.db
      .insert(continuationsUsed)
      .values({ nonce, chiplinkId, expiresAt })
      .onConflictDoNothing()
      .returning({ nonce: continuationsUsed.nonce });
    return rows.length === 1;
  }

  /** Forgets redemptions of credentials that have expired: those could not be redeemed anyway. */
  async deleteExpired(now: Date): Promise<void> {
    await this.database.db.delete(continuationsUsed).where(lt(continuationsUsed.expiresAt, now));
  }
}
