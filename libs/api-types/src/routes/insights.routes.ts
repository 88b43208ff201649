import { z } from 'zod';
import { analyticsQuery, type ScanAnalytics } from '../analytics.js';
import { searchQuery } from '../search.js';
import { route } from './define.js';

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
      'Search chips, links and tokens (by id, owner address or transaction hash: anyone) and your own templates and collections (signed in), grouped by kind',
    access: 'public',
    query: searchQuery,
    replies: { 200: searchReply },
  }),
  templateAnalytics: route({
    method: 'GET',
    path: '/json/analytics/template/:nftId',
    tag: 'Search and analytics',
    summary:
      "A template's scans per day, places, first vs repeat and refused taps by reason (owner or super admin)",
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
    summary: "A collection's scan analytics (its templates together)",
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
