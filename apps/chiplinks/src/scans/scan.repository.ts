import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import type { ScanItem } from '@metatag/api-types';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { scans } from '../db/schema.js';

/** The most scans one answer lists. */
const SCANS_LIMIT = 1000;

@Injectable()
export class ScanRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Newest first. */
  async list(chiplinkId: string): Promise<ScanItem[]> {
    const rows = await this.database.db
      .select()
      .from(scans)
      .where(eq(scans.chiplinkId, chiplinkId))
      .orderBy(desc(scans.at), desc(scans.id))
      .limit(SCANS_LIMIT);
    return rows.map((r) => ({
      timestamp: r.at.toISOString(),
      city: r.city,
      radius: r.radius,
      country: r.country,
      fileData: r.fileData,
      tamper: r.tamper,
      counterJump: r.counterJump,
      serial: r.serial,
    }));
  }
}
