import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import type { ChiplinkItem, ChiplinkType } from '@metatag/events';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { chipCounters, chiplinks, emailClaims, issuedTokens, publicNames } from '../db/schema.js';

export type ChiplinkRow = typeof chiplinks.$inferSelect;
export type NewChiplink = typeof chiplinks.$inferInsert;

export const toChiplinkItem = (row: ChiplinkRow): ChiplinkItem => ({
  id: row.id,
  type: row.type,
  nftId: row.nftId,
  uid: row.uid,
  scans: row.scans,
  mints: row.mints,
  created: row.created.toISOString(),
  deleted: row.deleted,
  tokenToMint: row.tokenToMint,
  locked: row.locked,
});

/** What a chip's taps read beyond the counter (the admin's chips table, issue #26). */
export interface ChipScanFlags {
  tamper: string | null;
  fileData: string | null;
  counterJumps: number;
}

/** Runs first in an insert's transaction (the quota guard): throwing keeps nothing of the insert. */
export type BeforeInsert = (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => Promise<void>;

export type InsertResult = { ok: true; rows: ChiplinkRow[] } | { ok: false; taken: 'name' | 'chip' };

/** A row's public names: its id, and a link's uid (upper-cased: uids are found in any case). */
function namesOf(row: NewChiplink): (typeof publicNames.$inferInsert)[] {
  const names: (typeof publicNames.$inferInsert)[] = [
    { name: row.id.toUpperCase(), chiplinkId: row.id, kind: 'id' },
  ];
  if (row.type === 'link') names.push({ name: row.uid.toUpperCase(), chiplinkId: row.id, kind: 'uid' });
  return names;
}

/** The PostgreSQL unique violation behind an error (drizzle wraps it in `cause`), if it is one. */
function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  for (const e of [error, (error as { cause?: unknown })?.cause]) {
    const pg = e as { code?: string; constraint?: string } | undefined;
    if (pg?.code === '23505') return pg;
  }
  return undefined;
}

/** What a unique violation took: a public name (an id or a link uid already owned) or a live chip's UID. */
const takenBy = (pg: { constraint?: string }): 'name' | 'chip' =>
  pg.constraint?.startsWith('public_names') ? 'name' : 'chip';

/** Ids are case-sensitive (base62); only a uid may be written in another case. */
const namedExactly = (found: { row: ChiplinkRow; kind: string }, name: string) =>
  found.kind !== 'id' || found.row.id === name;

@Injectable()
export class ChiplinkRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async findById(id: string): Promise<ChiplinkRow | undefined> {
    const [row] = await this.db.select().from(chiplinks).where(eq(chiplinks.id, id));
    return row;
  }

  /**
   * The chiplink a public name belongs to: its id, exactly as written, or a link's uid in any case.
   * Names have one owner (`public_names`), so nothing can shadow another.
   */
  async findByPublicName(name: string): Promise<ChiplinkRow | undefined> {
    const [found] = await this.db
      .select({ row: chiplinks, kind: publicNames.kind })
      .from(publicNames)
      .innerJoin(chiplinks, eq(chiplinks.id, publicNames.chiplinkId))
      .where(eq(publicNames.name, name.toUpperCase()));
    return found && namedExactly(found, name) ? found.row : undefined;
  }

  /** Built once, prepared once per connection: every voucher and claim asks (#33 item 4). */
  private forClaim?: ReturnType<ChiplinkRepository['prepareForClaim']>;

  private prepareForClaim() {
    const now = sql.placeholder('now');
    return this.db
      .select({
        row: chiplinks,
        kind: publicNames.kind,
        heldBy: sql<string | null>`(
          select ${emailClaims.id} from ${emailClaims}
          where ${emailClaims.chiplinkId} = ${chiplinks.id} and ${emailClaims.usedAt} is null
            and ${emailClaims.expiresAt} > ${now}
          limit 1)`,
      })
      .from(publicNames)
      .innerJoin(chiplinks, eq(chiplinks.id, publicNames.chiplinkId))
      .where(eq(publicNames.name, sql.placeholder('name')))
      .prepare('chiplinks_for_claim');
  }

  /**
   * The chiplink a public name names (`get-mint-data/{id or uid}`, as `findByPublicName`) and the pending
   * email claim that holds it (#29 item 3: only that claim's own link may mint or claim it), in one
   * statement.
   */
  async findForClaim(
    name: string,
    now: Date,
  ): Promise<{ row: ChiplinkRow; heldBy: string | null } | undefined> {
    this.forClaim ??= this.prepareForClaim();
    const [found] = await this.forClaim.execute({ name: name.toUpperCase(), now });
    return found && namedExactly(found, name) ? { row: found.row, heldBy: found.heldBy } : undefined;
  }

  /** The live chip with this UID (upper-case hex), if any (attach names a chip by its UID, #18). */
  async findLiveChipByUid(uid: string): Promise<ChiplinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chiplinks)
      .where(and(eq(chiplinks.uid, uid), eq(chiplinks.type, 'chip'), not(chiplinks.deleted)));
    return row;
  }

  /** The most recently deleted chip row of a UID: what re-adding that UID restores. */
  async findDeletedChip(uid: string): Promise<ChiplinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chiplinks)
      .where(and(eq(chiplinks.uid, uid), eq(chiplinks.type, 'chip'), chiplinks.deleted))
      .orderBy(desc(chiplinks.deletedAt), desc(chiplinks.seq))
      .limit(1);
    return row;
  }

  /**
   * A new chip with its public name and, if its UID never had one, its counter. On a unique violation
   * nothing is kept and the answer says what was taken: its id as a public name, or a live chip's UID.
   */
  async insertChip(value: NewChiplink, before?: BeforeInsert): Promise<InsertResult> {
    try {
      const row = await this.db.transaction(async (tx) => {
        await before?.(tx);
        await tx.insert(chipCounters).values({ uid: value.uid }).onConflictDoNothing();
        await tx.insert(publicNames).values(namesOf(value));
        const [inserted] = await tx.insert(chiplinks).values(value).returning();
        return inserted;
      });
      return { ok: true, rows: [row] };
    } catch (error) {
      const pg = uniqueViolation(error);
      if (!pg) throw error;
      return { ok: false, taken: takenBy(pg) };
    }
  }

  /**
   * A deleted chip made live again in template `nftId`, keeping its id (programmed into the chip),
   * scans and counter. Into another template (a move): the old template keeps a deleted record of
   * what the chip minted there (its limit counts it) and the chip starts a new token. New keys bump
   * the key revision, so replicas' cached keys are read again. Undefined when the UID is live again.
   */
  async restoreChip(
    row: ChiplinkRow,
    nftId: number,
    keys: Pick<ChiplinkRow, 'keyScheme' | 'keysSealed'> | undefined,
    tombstone: { id: string; nextToken: string },
  ): Promise<ChiplinkRow | undefined> {
    return this.unlessTaken(() =>
      this.db.transaction(async (tx) => {
        await tx.insert(chipCounters).values({ uid: row.uid }).onConflictDoNothing();
        const moved = row.nftId !== nftId;
        if (moved && (row.mints > 0 || row.voucherUntil)) {
          // the tombstone's id is a name of its own, never to be given to another chiplink
          await tx
            .insert(publicNames)
            .values({ name: tombstone.id.toUpperCase(), chiplinkId: tombstone.id, kind: 'id' });
          await tx.insert(chiplinks).values({
            id: tombstone.id,
            type: 'chip',
            nftId: row.nftId,
            uid: row.uid,
            mints: row.mints,
            created: row.created,
            deleted: true,
            deletedAt: row.deletedAt,
            tokenToMint: row.tokenToMint,
            tokenMinted: row.tokenMinted,
            voucherUntil: row.voucherUntil,
            keyScheme: row.keyScheme,
          });
          // the tokens issued so far were minted (or will be) in the old template: the tombstone's
          await tx
            .update(issuedTokens)
            .set({ chiplinkId: tombstone.id })
            .where(eq(issuedTokens.chiplinkId, row.id));
        }
        const [restored] = await tx
          .update(chiplinks)
          .set({
            deleted: false,
            deletedAt: null,
            nftId,
            ...(moved
              ? {
                  mints: 0,
                  tokenToMint: tombstone.nextToken,
                  tokenMinted: false,
                  voucherUntil: null,
                  locked: false,
                }
              : {}),
            ...(keys ? { ...keys, keyRev: sql`${chiplinks.keyRev} + 1` } : {}),
          })
          .where(and(eq(chiplinks.id, row.id), chiplinks.deleted))
          .returning();
        return restored;
      }),
    );
  }

  private async unlessTaken<T>(write: () => Promise<T>): Promise<T | undefined> {
    try {
      return await write();
    } catch (error) {
      if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505') return undefined;
      if ((error as { code?: string }).code === '23505') return undefined;
      throw error;
    }
  }

  /** A link opened: counted as a scan. */
  async countLinkScan(id: string): Promise<void> {
    await this.db
      .update(chiplinks)
      .set({ scans: sql`${chiplinks.scans} + 1` })
      .where(and(eq(chiplinks.id, id), eq(chiplinks.type, 'link'), not(chiplinks.deleted)));
  }

  async list(
    nftId: number,
    type: ChiplinkType,
    limit: number,
  ): Promise<{ rows: ChiplinkRow[]; total: number }> {
    const where = and(eq(chiplinks.nftId, nftId), eq(chiplinks.type, type), not(chiplinks.deleted));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(chiplinks).where(where).orderBy(asc(chiplinks.seq)).limit(limit),
      this.db.select({ n: count() }).from(chiplinks).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * What chips' taps read beyond the counter (issue #26): the TagTamper letters and the file data of
   * each chip's latest tap that mirrored them, and how many of its taps jumped the counter. Chips
   * with none of these are left out.
   */
  async scanFlags(ids: string[]): Promise<Map<string, ChipScanFlags>> {
    if (!ids.length) return new Map();
    const { rows } = await this.database.pool.query<{
      id: string;
      tamper: string | null;
      file_data: string | null;
      jumps: number;
    }>({
      name: 'chiplinks-scan-flags-v2',
      text: `SELECT s.chiplink_id AS id,
                    (array_agg(s.tamper ORDER BY s.at DESC, s.id DESC) FILTER (WHERE s.tamper IS NOT NULL))[1] AS tamper,
                    (array_agg(s.file_data ORDER BY s.at DESC, s.id DESC) FILTER (WHERE s.file_data IS NOT NULL))[1] AS file_data,
                    count(*) FILTER (WHERE s.counter_jump)::int AS jumps
               FROM chiplinks.scans s
              WHERE s.chiplink_id = ANY($1::text[])
                AND (s.tamper IS NOT NULL OR s.counter_jump OR s.file_data IS NOT NULL)
              GROUP BY s.chiplink_id`,
      values: [ids],
    });
    return new Map(
      rows.map((r) => [r.id, { tamper: r.tamper, fileData: r.file_data, counterJumps: r.jumps }]),
    );
  }

  /** Keyset page of live rows after `afterSeq`, oldest first. */
  async page(nftId: number, type: ChiplinkType, afterSeq: number, limit: number): Promise<ChiplinkRow[]> {
    return this.db
      .select()
      .from(chiplinks)
      .where(
        and(
          eq(chiplinks.nftId, nftId),
          eq(chiplinks.type, type),
          not(chiplinks.deleted),
          gt(chiplinks.seq, afterSeq),
        ),
      )
      .orderBy(asc(chiplinks.seq))
      .limit(limit);
  }

  /**
   * Inserts all or nothing, each row with its public names (its id; a link also its uid). On a
   * unique violation nothing is kept and the answer says what was taken: a public name (an id or a
   * link uid already owned) or a live chip's UID.
   */
  async insertMany(values: NewChiplink[], before?: BeforeInsert): Promise<InsertResult> {
    try {
      const rows: ChiplinkRow[] = [];
      await this.db.transaction(async (tx) => {
        await before?.(tx);
        // chunks keep each statement under PostgreSQL's 65,535 parameters
        for (let i = 0; i < values.length; i += 2000) {
          const chunk = values.slice(i, i + 2000);
          await tx.insert(publicNames).values(chunk.flatMap(namesOf));
          rows.push(...(await tx.insert(chiplinks).values(chunk).returning()));
        }
      });
      return { ok: true, rows };
    } catch (error) {
      const pg = uniqueViolation(error);
      if (!pg) throw error;
      return { ok: false, taken: takenBy(pg) };
    }
  }

  async softDelete(id: string, nftId: number, type: ChiplinkType, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(chiplinks)
      .set({ deleted: true, deletedAt: at })
      .where(
        and(
          eq(chiplinks.id, id),
          eq(chiplinks.nftId, nftId),
          eq(chiplinks.type, type),
          not(chiplinks.deleted),
        ),
      )
      .returning({ id: chiplinks.id });
    return rows.length > 0;
  }

  /**
   * Deletes the live links among `ids` that no wallet has claimed (a cancelled or refunded shop
   * order's, #28 item 2); a claimed link stays (its voucher may be out, its token on chain).
   */
  async withdrawUnclaimed(ids: string[], at: Date): Promise<{ id: string; nftId: number }[]> {
    if (ids.length === 0) return [];
    return this.db
      .update(chiplinks)
      .set({ deleted: true, deletedAt: at })
      .where(
        and(
          inArray(chiplinks.id, ids),
          eq(chiplinks.type, 'link'),
          not(chiplinks.deleted),
          isNull(chiplinks.claimedBy),
        ),
      )
      .returning({ id: chiplinks.id, nftId: chiplinks.nftId });
  }

  async liveCounts(nftId: number): Promise<{ chips: number; links: number }> {
    const rows = await this.db
      .select({ type: chiplinks.type, n: count() })
      .from(chiplinks)
      .where(and(eq(chiplinks.nftId, nftId), not(chiplinks.deleted)))
      .groupBy(chiplinks.type);
    return {
      chips: rows.find((r) => r.type === 'chip')?.n ?? 0,
      links: rows.find((r) => r.type === 'link')?.n ?? 0,
    };
  }

  /** Tokens minted through the chips and links of a template (deleted ones included: their tokens exist). */
}
