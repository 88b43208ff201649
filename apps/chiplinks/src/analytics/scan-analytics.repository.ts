import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { SCAN_EXPORT_LIMIT, type ScanAnalyticsReply, type ScanExportReply } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';

export interface DayRange {
  from: string;
  to: string;
}

const MAX_PLACES = 50;

/** A PostgreSQL int[] literal (the ids are validated integers). */
const ids = (nftIds: number[]) => `{${nftIds.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * Aggregates of templates' scans over a range of UTC days, in PostgreSQL: the scans table is joined
 * to the template's chiplinks (deleted ones included: their scans happened). A scan is a "first" one
 * when no earlier scan of its chiplink exists, whatever the range.
 */
@Injectable()
export class ScanAnalyticsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Scans only: `mints` are 0 here; the gateway fills them from the templates' mint ledger (#30). */
  async templateScans(nftIds: number[], { from, to }: DayRange): Promise<ScanAnalyticsReply> {
    const ranged = sql`
      WITH ranged AS (
        SELECT s.id, s.chiplink_id, s.at, s.city, s.country, s.lat, s.lon, s.tamper, s.counter_jump,
          NOT EXISTS (SELECT 1 FROM chiplinks.scans e
                      WHERE e.chiplink_id = s.chiplink_id AND (e.at, e.id) < (s.at, s.id)) AS first
        FROM chiplinks.scans s JOIN chiplinks.chiplinks c ON c.id = s.chiplink_id
        WHERE c.nft_id = ANY(${ids(nftIds)}::int[])
          AND s.at >= ${from}::date::timestamp AT TIME ZONE 'UTC' AND s.at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'
      )`;
    const refused = sql`
      WITH refused AS (
        SELECT r.at, r.reason FROM chiplinks.refused_taps r JOIN chiplinks.chiplinks c ON c.id = r.chiplink_id
        WHERE c.nft_id = ANY(${ids(nftIds)}::int[]) AND r.at >= ${from}::date::timestamp AT TIME ZONE 'UTC' AND r.at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'
      )`;
    const [totals, perDay, countries, cities, refusals, refusedPerDay, flagged] = await Promise.all([
      this.database.db.execute<{
        scans: number;
        first_scans: number;
        chiplinks: number;
        countries: number;
        cities: number;
        tampered_chips: number;
        counter_jumps: number;
      }>(sql`${ranged}
        SELECT count(*)::int AS scans, count(*) FILTER (WHERE first)::int AS first_scans,
          count(DISTINCT chiplink_id)::int AS chiplinks, count(DISTINCT country)::int AS countries,
          count(DISTINCT (city, country)) FILTER (WHERE city IS NOT NULL)::int AS cities,
          count(DISTINCT chiplink_id) FILTER (WHERE tamper LIKE '%O%')::int AS tampered_chips,
          count(*) FILTER (WHERE counter_jump)::int AS counter_jumps
        FROM ranged`),
      this.database.db.execute<{ day: string; scans: number; first_scans: number }>(sql`${ranged}
        SELECT to_char(d, 'YYYY-MM-DD') AS day, count(r.id)::int AS scans,
          count(r.id) FILTER (WHERE r.first)::int AS first_scans
        FROM generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') AS d
        LEFT JOIN ranged r ON r.at >= d AT TIME ZONE 'UTC' AND r.at < (d + interval '1 day') AT TIME ZONE 'UTC'
        GROUP BY d ORDER BY d`),
      this.database.db.execute<{ country: string; scans: number }>(sql`${ranged}
        SELECT country, count(*)::int AS scans FROM ranged WHERE country IS NOT NULL
        GROUP BY country ORDER BY scans DESC, country LIMIT ${MAX_PLACES}`),
      this.database.db.execute<{
        city: string;
        country: string;
        scans: number;
        lat: number | null;
        lon: number | null;
      }>(sql`${ranged}
        SELECT city, coalesce(country, '') AS country, count(*)::int AS scans,
          round(avg(lat)::numeric, 2)::float8 AS lat, round(avg(lon)::numeric, 2)::float8 AS lon FROM ranged
        WHERE city IS NOT NULL
        GROUP BY city, country ORDER BY scans DESC, city LIMIT ${MAX_PLACES}`),
      this.database.db.execute<{ invalid: number; replayed: number }>(sql`${refused}
        SELECT count(*) FILTER (WHERE reason = 'invalid')::int AS invalid,
          count(*) FILTER (WHERE reason = 'replayed')::int AS replayed FROM refused`),
      this.database.db.execute<{ day: string; refused: number }>(sql`${refused}
        SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS refused
        FROM refused GROUP BY 1`),
      // chips whose taps in the range showed an open (or opened) seal or a counter jump (issue #26)
      this.database.db.execute<{
        chiplink_id: string;
        tamper: string | null;
        counter_jumps: number;
      }>(sql`${ranged}
        SELECT chiplink_id,
          (array_agg(tamper ORDER BY at DESC, id DESC) FILTER (WHERE tamper IS NOT NULL))[1] AS tamper,
          count(*) FILTER (WHERE counter_jump)::int AS counter_jumps
        FROM ranged GROUP BY chiplink_id
        HAVING bool_or(tamper LIKE '%O%') OR bool_or(counter_jump)
        ORDER BY max(at) DESC LIMIT ${MAX_PLACES}`),
    ]);
    const refusedOn = new Map(refusedPerDay.rows.map((r) => [r.day, r.refused]));
    const t = totals.rows[0];
    return {
      from,
      to,
      totals: {
        scans: t.scans,
        firstScans: t.first_scans,
        repeatScans: t.scans - t.first_scans,
        chiplinks: t.chiplinks,
        countries: t.countries,
        cities: t.cities,
        refused: refusals.rows[0],
        mints: 0,
        tamperedChips: t.tampered_chips,
        counterJumps: t.counter_jumps,
      },
      perDay: perDay.rows.map((r) => ({
        day: r.day,
        scans: r.scans,
        firstScans: r.first_scans,
        refused: refusedOn.get(r.day) ?? 0,
        mints: 0,
      })),
      countries: countries.rows,
      cities: cities.rows,
      flaggedChips: flagged.rows.map((r) => ({
        chiplinkId: r.chiplink_id,
        tamper: r.tamper,
        counterJumps: r.counter_jumps,
      })),
    };
  }

  async exportScans(nftIds: number[], { from, to }: DayRange): Promise<ScanExportReply> {
    const { rows } = await this.database.db.execute<{
      chiplink_id: string;
      type: 'chip' | 'link';
      at: string;
      city: string | null;
      radius: number | null;
      country: string | null;
    }>(sql`
      SELECT s.chiplink_id, c.type, to_char(s.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
        s.city, s.radius, s.country
      FROM chiplinks.scans s JOIN chiplinks.chiplinks c ON c.id = s.chiplink_id
      WHERE c.nft_id = ANY(${ids(nftIds)}::int[]) AND s.at >= ${from}::date::timestamp AT TIME ZONE 'UTC' AND s.at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'
      ORDER BY s.at, s.id
      LIMIT ${SCAN_EXPORT_LIMIT + 1}`);
    return {
      items: rows.slice(0, SCAN_EXPORT_LIMIT).map((r) => ({
        chiplinkId: r.chiplink_id,
        type: r.type,
        timestamp: r.at,
        city: r.city,
        radius: r.radius,
        country: r.country,
      })),
      truncated: rows.length > SCAN_EXPORT_LIMIT,
    };
  }
}
