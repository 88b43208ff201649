import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { loginNonces } from '../db/schema.js';

export interface IssuedNonce {
  nonce: string;
  address: string;
  message: string;
  domain: string;
  expiresAt: Date;
}

@Injectable()
export class NonceRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async save(nonce: IssuedNonce): Promise<void> {
    await this.database.db.insert(loginNonces).values(nonce);
  }

  /**
   * The live (unused, unexpired) nonces of `address`, newest first: the candidates a login's signature
   * is checked against when the client does not name its nonce. Every pending nonce stays usable, so
   * a second sign-in started in another tab never breaks the first.
   */
  async pending(address: string, now: Date, limit: number): Promise<IssuedNonce[]> {
    return this.database.db
      .select({
        nonce: loginNonces.nonce,
        address: loginNonces.address,
        message: loginNonces.message,
        domain: loginNonces.domain,
        expiresAt: loginNonces.expiresAt,
      })
      .from(loginNonces)
      .where(
        and(eq(loginNonces.address, address), isNull(loginNonces.usedAt), gt(loginNonces.expiresAt, now)),
      )
      .orderBy(desc(loginNonces.expiresAt))
      .limit(limit);
  }

  /**
   * Marks one live nonce of `address` used and returns it, in one statement: two logins racing with
   * the same signature cannot both get it. Undefined when it is unknown, spent, expired or someone else's.
   */
  async consume(address: string, nonce: string, now: Date): Promise<IssuedNonce | undefined> {
    const [row] = await this.database.db
      .update(loginNonces)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginNonces.nonce, nonce),
          eq(loginNonces.address, address),
          isNull(loginNonces.usedAt),
          gt(loginNonces.expiresAt, now),
        ),
      )
      .returning({
        nonce: loginNonces.nonce,
        address: loginNonces.address,
        message: loginNonces.message,
        domain: loginNonces.domain,
        expiresAt: loginNonces.expiresAt,
      });
    return row;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.database.db.execute(sql`delete from ${loginNonces} where expires_at < ${now}`);
  }
}
