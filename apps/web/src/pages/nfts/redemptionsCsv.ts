import { csvCell, type RedemptionRecord } from '@metatag/api-types';

/** The export's columns, in order (the header line names them as the API does). */
export const REDEMPTIONS_CSV_COLUMNS: readonly (keyof RedemptionRecord)[] = [
  'redeemedAt',
  'tokenId',
  'holder',
  'burned',
  'kind',
  'description',
  'chain',
  'collection',
  'txHash',
  'emailedAt',
  'webhookAt',
];

/**
 * The owner's redemptions as CSV (RFC 4180, CRLF): the same spreadsheet-safe cell as the mints export
 * (quoted around a comma, quote or line break; a leading = + - @ defused), since a holder's wallet and
 * the template's description are not the owner's own text.
 */
export function redemptionsCsv(items: readonly RedemptionRecord[]): string {
  const lines = [
    REDEMPTIONS_CSV_COLUMNS.join(','),
    ...items.map((r) => REDEMPTIONS_CSV_COLUMNS.map((c) => csvCell(r[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
