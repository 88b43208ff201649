import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
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
   * Marks the newest live nonce of `address` used and returns it, in one statement: two logins
   * racing with the same signature cannot both get it.
   */
  async consumeLatest(address: string, now: Date): Promise<IssuedNonce | undefined> {
    const result = await this.database.db.execute<{
      nonce: string;
      address: string;
      message: string;
      domain: string;
      expires_at: Date;
    }>(sql`
      update ${loginNonces} set used_at = ${now}
      where nonce = (
        select nonce from ${loginNonces}
        where address = ${address} and used_at is null and expires_at > ${now}
        order by expires_at desc limit 1
        for update skip locked
      )
      returning nonce, address, message, domain, expires_at`);
    const row = result.rows[0];
    return (
      row && {
        nonce: row.nonce,
        address: row.address,
        message: row.message,
        domain: row.domain,
        expiresAt: new Date(row.expires_at),
      }
    );
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.database.db.execute(sql`delete from ${loginNonces} where expires_at < ${now}`);
  }
}
