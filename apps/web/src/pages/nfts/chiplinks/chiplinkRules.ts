import { routeUrl, type ChiplinkKind } from '@metatag/api-types';

/**
 * Rules of the chips and links tables (spec sections 2, 5 and 9), kept beside the server's
 * (libs/api-types `CHIPLINKS_PAGE_SIZE`, `chipUidSchema`, `qrlinkQuery`): pure functions, no zod in
 * the browser bundle.
 */

export type { ChiplinkKind };

/** Spec section 9: the tables show the first 30 rows (the gateway answers no more). */
export const CHIPLINKS_PAGE_SIZE = 30;
/** Spec section 9: above 30 rows a CSV export of this name is offered. */
export const CHIPLINKS_CSV_NAME = 'links.csv';
/** The most QR links one batch creates (the server's limit). */
export const MAX_LINK_BATCH = 10_000;

/** What an input asks for: nothing (cancelled, no request), a request, or a value to correct. */
export type Parsed<T> = { kind: 'cancel' } | { kind: 'ok'; value: T } | { kind: 'invalid'; message: string };

/**
 * The batch count of QR links. Spec section 5: a negative count cancels. An empty value (a cancelled
 * prompt) and 0 create nothing either, so they cancel too.
 */
export function parseBatchCount(input: string | null | undefined): Parsed<number> {
  const text = (input ?? '').trim();
  if (text === '') return { kind: 'cancel' };
  if (!/^[+-]?\d+$/.test(text)) return { kind: 'invalid', message: 'The count must be a whole number' };
  const count = Number(text);
  if (count <= 0) return { kind: 'cancel' };
  if (count > MAX_LINK_BATCH) return { kind: 'invalid', message: `At most ${MAX_LINK_BATCH} links at once` };
  return { kind: 'ok', value: count };
}

/** A chip's UID as the server compares it: separators (space, ':' and '-') dropped, upper-case. */
export function normalizeChipId(input: string): string {
  return input.replace(/[\s:-]/g, '').toUpperCase();
}

/** Spec section 5: chip linking needs a non-empty chip id, otherwise it is cancelled. */
export function parseChipId(input: string | null | undefined): Parsed<string> {
  const uid = normalizeChipId(input ?? '');
  if (uid === '') return { kind: 'cancel' };
  if (!/^[0-9A-F]{14}$/.test(uid))
    return { kind: 'invalid', message: 'Chip id must be the 7-byte UID in hex (14 digits)' };
  return { kind: 'ok', value: uid };
}

/** Spec section 2: the CSV export is offered only when there are more rows than the table shows. */
export function offersCsv(total: number): boolean {
  return total > CHIPLINKS_PAGE_SIZE;
}

/** The public page of a chip (`/tag/{id}`) or a link (`/link/{id}`). */
export function publicPath(type: ChiplinkKind, id: string): string {
  return `/${type === 'chip' ? 'tag' : 'link'}/${encodeURIComponent(id)}`;
}

export function qrPath(id: string, format: 'svg' | 'png'): string {
  return routeUrl(format === 'svg' ? 'qrSvg' : 'qrPng', { params: { id } });
}

/** The streamed CSV export of every row of a template (`?user=`: a super admin's view of a user). */
export function csvPath(type: ChiplinkKind, nftId: number, userId?: number): string {
  return routeUrl('chiplinksCsv', { params: { type, nftId }, query: { user: userId } });
}
