import { z } from 'zod';
import { analyticsQuery, type ScanAnalytics } from '../analytics.js';
import { searchQuery } from '../search.js';
import { errorReply, route } from './define.js';

/** Issue #28: search shares the lookups' per-client budget (a claim link is a secret: no harvesting). */
const SEARCH_LIMIT =
  'SCAN_RATE_LIMIT_PER_MINUTE searches per client (a signed-in owner: per account) and minute (default 600); 429 above it';

const kind = z.enum(['chip', 'link', 'token', 'template', 'collection', 'transaction']);
const searchReply = z.object({
  query: z.string(),
  groups: z.array(
    z.object({
      kind,
      hits: z.array(
        z.object({ kind, title: z.string(), detail: z.string(), path: z.string(), score: z.number() }),
      ),
    }),
  ),
});
const count = z.number().int().min(0);
/** `ScanAnalytics` (analytics.ts) as a schema: the web's analytics page reads every field. */
const analyticsReply = z.looseObject({
  from: z.string().describe('first UTC day, YYYY-MM-DD'),
  to: z.string().describe('last UTC day, YYYY-MM-DD'),
  totals: z.looseObject({
    scans: count,
    firstScans: count,
    repeatScans: count,
    chiplinks: count,
    countries: count,
    cities: count,
    refused: z.looseObject({ invalid: count, replayed: count }),
    mints: count,
    tamperedChips: count.describe('chips whose taps showed an open or opened TagTamper seal'),
    counterJumps: count.describe("taps whose read counter jumped more than their batch's threshold"),
  }),
  perDay: z.array(
    z.looseObject({ day: z.string(), scans: count, firstScans: count, refused: count, mints: count }),
  ),
  countries: z.array(z.looseObject({ country: z.string(), scans: count })),
  cities: z.array(
    z.looseObject({
      city: z.string(),
      country: z.string(),
      scans: count,
      lat: z.number().nullable(),
      lon: z.number().nullable(),
    }),
  ),
  flaggedChips: z.array(
    z.looseObject({ chiplinkId: z.string(), tamper: z.string().nullable(), counterJumps: count }),
  ),
}) satisfies z.ZodType<ScanAnalytics>;
const nftParams = z.object({ nftId: z.string() });
const collectionParams = z.object({
  chain: z.string(),
  address: z.string().describe('0x… contract address'),
});

/** Search and scan analytics (issue #20). */
export const INSIGHTS_ROUTES = {
  search: route({
    method: 'GET',
    path: '/json/search',
    tag: 'Search and analytics',
    summary:
      "Search, grouped by kind. Anyone: a chip or link page by its whole id (a link only as written), a chip by its UID, chip pages by token id, owner address or transaction hash. Signed in, also your own chips and links by prefix or a mistyped id, your templates and collections. Never a prefix of anyone else's claim link",
    access: 'public',
    query: searchQuery,
    replies: { 200: searchReply, 429: errorReply },
    rateLimit: SEARCH_LIMIT,
  }),
  templateAnalytics: route({
    method: 'GET',
    path: '/json/analytics/template/:nftId',
    tag: 'Search and analytics',
    summary:
      "A template's scans per day, places, first vs repeat and refused taps by reason, and its mints per day from the mint ledger, as its mints list counts them (owner or super admin)",
    access: 'admin',
    params: nftParams,
    query: analyticsQuery,
    replies: { 200: analyticsReply },
  }),
  templateAnalyticsCsv: route({
    method: 'GET',
    path: '/json/analytics/template/:nftId/scans.csv',
    tag: 'Search and analytics',
    summary: "A template's scans in the range as CSV",
    access: 'admin',
    params: nftParams,
    query: analyticsQuery,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
  collectionAnalytics: route({
    method: 'GET',
    path: '/json/analytics/collection/:chain/:address',
    tag: 'Search and analytics',
    summary: "A collection's scan analytics and mints (its templates together)",
    access: 'admin',
    params: collectionParams,
    query: analyticsQuery,
    replies: { 200: analyticsReply },
  }),
  collectionAnalyticsCsv: route({
    method: 'GET',
    path: '/json/analytics/collection/:chain/:address/scans.csv',
    tag: 'Search and analytics',
    summary: "A collection's scans in the range as CSV",
    access: 'admin',
    params: collectionParams,
    query: analyticsQuery,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
  templateOwnersCsv: route({
    method: 'GET',
    path: '/json/analytics/template/:nftId/owners.csv',
    tag: 'Search and analytics',
    summary:
      "A template's tokens that have an owner now (chain index) as CSV: token id, owner, chip or link, collection",
    access: 'admin',
    params: nftParams,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
  collectionOwnersCsv: route({
    method: 'GET',
    path: '/json/analytics/collection/:chain/:address/owners.csv',
    tag: 'Search and analytics',
    summary: "A collection's tokens (of its templates) that have an owner now, as CSV",
    access: 'admin',
    params: collectionParams,
    replies: { 200: z.string() },
    replyKind: 'csv',
  }),
} as const;
