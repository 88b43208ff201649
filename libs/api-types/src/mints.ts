import { z } from 'zod';

/**
 * How a token of a template came about (#30, the mints list): a voucher of one of its chips or links
 * (the buyer's wallet sends it: the mint flow's QR link is a link), the relayer's manual mint (a
 * limited father included), a child of its father (MintChild), or a mint the ledger saw without knowing
 * how (`other`: a token recorded before sources were kept).
 */
export const MINT_SOURCES = ['chip', 'link', 'manual', 'child', 'other'] as const;
export type MintSource = (typeof MINT_SOURCES)[number];

/** Who sent the transaction of a mint of that source (the buyer's wallet, the relayer, the father's owner). */
export const mintSender = (source: MintSource): 'wallet' | 'relayer' | 'father owner' | '' =>
  source === 'chip' || source === 'link'
    ? 'wallet'
    : source === 'manual'
      ? 'relayer'
      : source === 'child'
        ? 'father owner'
        : '';

export const MINTS_PAGE_SIZE = 25;
export const MINTS_MAX_PAGE_SIZE = 500;

/** `GET /json/{chain}/mints/{nftId}?source=&page=&pageSize=`. */
export const mintsListQuery = z.object({
  source: z.enum(MINT_SOURCES, { error: `source must be one of ${MINT_SOURCES.join(', ')}` }).optional(),
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(1_000_000)
    .default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(MINTS_MAX_PAGE_SIZE, `pageSize must be at most ${MINTS_MAX_PAGE_SIZE}`)
    .default(MINTS_PAGE_SIZE),
});
export type MintsListQuery = z.output<typeof mintsListQuery>;

/** `GET /json/{chain}/mints/{nftId}/mints.csv?source=`. */
export const mintsCsvQuery = mintsListQuery.pick({ source: true });

/** One mint of the ledger: a Transfer from the zero address of a token that maps to the template. */
export const ledgerMintSchema = z.object({
  tokenId: z.string(),
  collection: z.string(),
  /** The recipient of the mint. */
  to: z.string(),
  txHash: z.string(),
  logIndex: z.number().int().nonnegative(),
  /** Null for a mint the ledger stored before #30. */
  blockNumber: z.string().nullable(),
  /** ISO time of the block; null for a mint the ledger stored before #30. */
  blockTime: z.string().nullable(),
  source: z.enum(MINT_SOURCES),
  /** The token's current owner as the chain index has it; null when burned or not indexed (yet). */
  owner: z.string().nullable(),
});
export type LedgerMint = z.infer<typeof ledgerMintSchema>;

export const mintCountsSchema = z.record(z.enum(MINT_SOURCES), z.number().int().nonnegative());

/** How many UTC days (today included) the owner overview's mints per day cover. */
export const MINTS_OVERVIEW_DAYS = 7;
/** How many of the latest mints the owner overview lists under recent activity. */
export const MINTS_OVERVIEW_RECENT = 5;

/**
 * `GET /json/{chain}/mints-overview` (#30): the caller's mints across all their templates of the
 * chain, from the same ledger as the mints list (so its total is the sum of the lists' totals): per
 * UTC day of the last MINTS_OVERVIEW_DAYS days (oldest first, zero-filled), per collection, per source,
 * and the latest few (owner not looked up: the mints list has it).
 */
export const mintsOverviewSchema = z.object({
  total: z.number().int().nonnegative(),
  bySource: mintCountsSchema,
  perDay: z.array(z.object({ day: z.string(), mints: z.number().int().nonnegative() })),
  byCollection: z.array(z.object({ collection: z.string(), mints: z.number().int().nonnegative() })),
  recent: z.array(ledgerMintSchema.omit({ owner: true }).extend({ nftId: z.number().int() })),
});
export type MintsOverview = z.infer<typeof mintsOverviewSchema>;
/** The route's reply: the ledger's figures, each day with the scans of all the caller's templates too. */
export const mintsOverviewReply = mintsOverviewSchema.extend({
  perDay: z.array(
    z.object({
      day: z.string(),
      mints: z.number().int().nonnegative(),
      scans: z.number().int().nonnegative(),
    }),
  ),
});
export type MintsOverviewReply = z.infer<typeof mintsOverviewReply>;

export const MINTS_CSV_NAME = 'mints.csv';
export const MINTS_CSV_HEADER = [
  'tokenId',
  'collection',
  'source',
  'sender',
  'to',
  'owner',
  'tx',
  'logIndex',
  'block',
  'blockTime',
] as const;

/** A spreadsheet-safe CSV field: quoted when needed, a leading = + - @ defused. */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, RFC 4180) of a ledger mint, in MINTS_CSV_HEADER's order. */
export function mintCsvLine(mint: LedgerMint): string {
  return `${[
    mint.tokenId,
    mint.collection,
    mint.source,
    mintSender(mint.source),
    mint.to,
    mint.owner,
    mint.txHash,
    mint.logIndex,
    mint.blockNumber,
    mint.blockTime,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}
