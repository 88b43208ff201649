import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RedemptionRecord } from '@metatag/api-types';
import { redemptionsCsv } from './redemptionsCsv.js';

/**
 * RFC 4180 read back by a reader written from the RFC, not from the writer: quoted fields with doubled
 * quotes and line breaks inside, CRLF records.
 */
function parse(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) field += ch;
    else if (ch === ',') endField();
    else if (text.startsWith('\r\n', i)) {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += ch;
  }
  assert.equal(field + record.join(''), '', 'the file ends with CRLF');
  return records;
}

const HEADER = [
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

const record = (over: Partial<RedemptionRecord> = {}): RedemptionRecord => ({
  chain: 'ganache',
  collection: '0x00000000000000000000000000000000000000c0',
  tokenId: '12',
  holder: '0x00000000000000000000000000000000000000a1',
  burned: true,
  kind: 'good',
  description: 'One bottle',
  txHash: `0x${'ab'.repeat(32)}`,
  redeemedAt: '2026-11-29T10:00:00.000Z',
  emailedAt: '2026-11-29T10:00:05.000Z',
  webhookAt: null,
  noticePending: false,
  ...over,
});

test('no redemptions: the header line alone', () => {
  assert.equal(redemptionsCsv([]), `${HEADER.join(',')}\r\n`);
});

test('one row per redemption in the header order; booleans as words, a missing time empty', () => {
  const csv = redemptionsCsv([
    record(),
    record({ tokenId: '13', burned: false, kind: 'discount', emailedAt: '' }),
  ]);
  assert.deepEqual(parse(csv), [
    HEADER,
    [
      '2026-11-29T10:00:00.000Z',
      '12',
      '0x00000000000000000000000000000000000000a1',
      'true',
      'good',
      'One bottle',
      'ganache',
      '0x00000000000000000000000000000000000000c0',
      `0x${'ab'.repeat(32)}`,
      '2026-11-29T10:00:05.000Z',
      '',
    ],
    [
      '2026-11-29T10:00:00.000Z',
      '13',
      '0x00000000000000000000000000000000000000a1',
      'false',
      'discount',
      'One bottle',
      'ganache',
      '0x00000000000000000000000000000000000000c0',
      `0x${'ab'.repeat(32)}`,
      '',
      '',
    ],
  ]);
});

test('commas, quotes and line breaks stay inside their field', () => {
  const description = 'A "free" coffee, large\r\nor two small\nat the counter';
  const csv = redemptionsCsv([record({ description })]);
  assert.ok(csv.includes('"A ""free"" coffee, large\r\nor two small\nat the counter"'), csv);
  const rows = parse(csv);
  assert.equal(rows.length, 2);
  assert.equal(rows[1]?.[5], description);
  assert.equal(rows[1]?.length, HEADER.length);
  // a line break alone is quoted too, or the record would end there
  assert.equal(parse(redemptionsCsv([record({ description: 'two\r\nlines' })]))[1]?.[5], 'two\r\nlines');
});

test('a field a spreadsheet would run as a formula is defused with a leading quote', () => {
  const formulas = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1:A2)'];
  const rows = parse(redemptionsCsv(formulas.map((description) => record({ description }))));
  assert.deepEqual(
    rows.slice(1).map((row) => row[5]),
    formulas.map((f) => `'${f}`),
  );
  // only a leading sign: text with one inside is left as written
  assert.equal(parse(redemptionsCsv([record({ description: 'Tea = 1 cup' })]))[1]?.[5], 'Tea = 1 cup');
});
