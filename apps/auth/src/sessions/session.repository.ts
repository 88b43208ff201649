import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { sessions, users } from '../db/schema.js';
import type { UserRow } from '../users/user.repository.js';

@Injectable()
export class SessionRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async create(tokenHash: string, userId: number, created: Date, expiresAt: Date): Promise<void> {
    await this.database.db.insert(sessions).values({ tokenHash, userId, created, expiresAt });
  }

  /** The user of a live session: not revoked and not expired at `now`. */
  async findLiveUser(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.database.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row?.user;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.database.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Revokes every live session of a user, except the one whose hash is `keepHash`. */
  async revokeAllOfUser(userId: number, now: Date, keepHash?: string): Promise<void> {
    await this.database.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepHash === undefined ? undefined : ne(sessions.tokenHash, keepHash),
        ),
      );
  }
}
