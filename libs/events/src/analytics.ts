import { z } from 'zod';
import { daySchema, type ScanAnalytics } from '@metatag/api-types';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';

/**
 * Scan analytics of templates (one, or a collection's; issue #20), answered by chiplinks (it owns the scans). Only the
 * template's owner or a super admin: the templates service decides.
 */
export const scanAnalyticsRequest = z.object({
  actor: actorSchema,
  /** One template, or every template of a collection (the gateway lists them). */
  nftIds: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
  /** Inclusive UTC days; without them the last 30 days up to today. */
  from: daySchema.optional(),
  to: daySchema.optional(),
});

const count = z.number().int().nonnegative();
export const scanAnalyticsReply = z.object({
  from: daySchema,
  to: daySchema,
  totals: z.object({
    scans: count,
    /** Scans that were a chip's or link's first scan ever. */
    firstScans: count,
    repeatScans: count,
    /** Chips and links scanned at least once in the range. */
    chiplinks: count,
    /** Countries and cities known (scans from unknown places are counted in `scans` only). */
    countries: count,
    cities: count,
    /** Refused taps of the template's chips by reason (chiplinks RefusalReason); visitors never learn which. */
    refused: z.object({ invalid: count, replayed: count }),
    /**
     * Tokens of the templates minted in the range. chiplinks answers 0 (it knows only its chips' and
     * links' tokens); the gateway fills it from the templates' mint ledger (`templates.mints.per-day`, #30).
     */
    mints: count,
    /** Chips whose taps in the range mirrored an open or opened TagTamper seal (issue #26). */
    tamperedChips: count,
    /** Taps in the range whose read counter jumped more than their batch's threshold. */
    counterJumps: count,
  }),
  /** One row per day of the range, zero-filled (`mints` as the totals': the ledger's, via the gateway). */
  perDay: z.array(
    z.object({ day: daySchema, scans: count, firstScans: count, refused: count, mints: count }),
  ),
  countries: z.array(z.object({ country: z.string(), scans: count })),
  /** Coordinates: the mean of the scans' (the map's markers); null when none were known. */
  cities: z.array(
    z.object({
      city: z.string(),
      country: z.string(),
      scans: count,
      lat: z.number().nullable(),
      lon: z.number().nullable(),
    }),
  ),
  /** Chips with an open/opened seal or a counter jump in the range, latest first (issue #26). */
  flaggedChips: z.array(
    z.object({ chiplinkId: z.string(), tamper: z.string().nullable(), counterJumps: count }),
  ),
});
export type ScanAnalyticsReply = z.infer<typeof scanAnalyticsReply>;

/** The range's scans for the CSV export, oldest first (at most `SCAN_EXPORT_LIMIT`). */
export const scanExportReply = z.object({
  items: z.array(
    z.object({
      chiplinkId: z.string(),
      type: z.enum(['chip', 'link']),
      timestamp: z.string(),
      city: z.string().nullable(),
      radius: z.number().int().nullable(),
      country: z.string().nullable(),
    }),
  ),
  truncated: z.boolean(),
});
export type ScanExportReply = z.infer<typeof scanExportReply>;
export const SCAN_EXPORT_LIMIT = 100_000;

/** The templates' tokens that have an owner now (chain index), by token id, with their chip or link. */
export const ownersExportReply = z.object({
  items: z.array(
    z.object({
      tokenId: z.string(),
      owner: z.string(),
      chiplinkId: z.string(),
      type: z.enum(['chip', 'link']),
      collection: z.string(),
    }),
  ),
});
export type OwnersExportReply = z.infer<typeof ownersExportReply>;

export const ANALYTICS = {
  templateScans: defineRequest(
    'chiplinks.analytics.template-scans',
    scanAnalyticsRequest,
    scanAnalyticsReply,
  ),
  exportScans: defineRequest('chiplinks.analytics.export-scans', scanAnalyticsRequest, scanExportReply),
  exportOwners: defineRequest(
    'chiplinks.analytics.export-owners',
    scanAnalyticsRequest.pick({ actor: true, nftIds: true }),
    ownersExportReply,
  ),
};

// the web's copy of the reply type (libs/api-types) must stay the same shape
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const analyticsReplyMatchesApi: Same<ScanAnalyticsReply, ScanAnalytics> = true;
