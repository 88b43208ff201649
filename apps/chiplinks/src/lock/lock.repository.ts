import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lt, not, or } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { chiplinks } from '../db/schema.js';

/** A chip's token lock as the chain shows it, and the owner's signed lock changes (replays refused). */
@Injectable()
export class LockRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async setLocked(id: string, locked: boolean): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ locked })
      .where(and(eq(chiplinks.id, id), not(eq(chiplinks.locked, locked))));
  }

  /** Records a signed lock change unless a signature as new or newer was already used (replay). */
  async applySignedLock(id: string, locked: boolean, signedAt: number): Promise<boolean> {
    const rows = await this.db
      .update(chiplinks)
      .set({ locked, lockSignedAt: signedAt })
      .where(
        and(eq(chiplinks.id, id), or(isNull(chiplinks.lockSignedAt), lt(chiplinks.lockSignedAt, signedAt))),
      )
      .returning({ id: chiplinks.id });
    return rows.length > 0;
  }
}
