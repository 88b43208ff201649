import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MINTS_CSV_HEADER, mintCsvLine, mintSender, mintsListQuery, type LedgerMint } from './mints.js';

/**
 * RFC 4180 read back by a reader written from the RFC, not from our writer: quoted fields with doubled
 * quotes, CRLF records (no CSV package is in the repository).
 */
function parse(text: string, options: { columns?: boolean; record_delimiter: string }): unknown[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (text.startsWith(options.record_delimiter, i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += options.record_delimiter.length - 1;
    } else field += ch;
  }
  if (field !== '' || record.length) records.push([...record, field]);
  if (!options.columns) return records;
  const [header, ...rows] = records;
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

const mint = (over: Partial<LedgerMint> = {}): LedgerMint => ({
  tokenId: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  collection: '0x00000000000000000000000000000000000000c0',
  to: '0x00000000000000000000000000000000000000a1',
  txHash: `0x${'ab'.repeat(32)}`,
  logIndex: 3,
  blockNumber: '42',
  blockTime: '2026-11-28T22:00:00.000Z',
  source: 'link',
  owner: '0x00000000000000000000000000000000000000b2',
  ...over,
});

test('a CSV line has the header columns in order and parses back (RFC 4180, CRLF)', () => {
  const text = `${MINTS_CSV_HEADER.join(',')}\r\n${mintCsvLine(mint())}${mintCsvLine(mint({ source: 'manual', owner: null, blockNumber: null, blockTime: null }))}`;
  const rows = parse(text, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[0], {
    tokenId: mint().tokenId,
    collection: mint().collection,
    source: 'link',
    sender: 'wallet',
    to: mint().to,
    owner: mint().owner,
    tx: mint().txHash,
    logIndex: '3',
    block: '42',
    blockTime: '2026-11-28T22:00:00.000Z',
  });
  assert.deepEqual(
    [rows[1].sender, rows[1].owner, rows[1].block, rows[1].blockTime],
    ['relayer', '', '', ''],
  );
});

test('a field that a spreadsheet would run as a formula is defused; quotes and commas are quoted', () => {
  const line = mintCsvLine(mint({ to: '=HYPERLINK("x","y")' }));
  const [row] = parse(line, { record_delimiter: '\r\n' }) as string[][];
  assert.equal(row[4], `'=HYPERLINK("x","y")`);
});

test('who sends a mint of each source', () => {
  assert.deepEqual((['chip', 'link', 'manual', 'child', 'other'] as const).map(mintSender), [
    'wallet',
    'wallet',
    'relayer',
    'father owner',
    '',
  ]);
});

test('the list query: page and size default, bounded; an unknown source is refused with the choices', () => {
  assert.deepEqual(mintsListQuery.parse({}), { page: 1, pageSize: 25 });
  assert.deepEqual(mintsListQuery.parse({ page: '3', pageSize: '10', source: 'child' }), {
    page: 3,
    pageSize: 10,
    source: 'child',
  });
  assert.equal(mintsListQuery.safeParse({ pageSize: '501' }).success, false);
  assert.equal(mintsListQuery.safeParse({ page: '0' }).success, false);
  const bad = mintsListQuery.safeParse({ source: 'airdrop' });
  assert.equal(bad.success, false);
  assert.match(bad.error!.issues[0].message, /chip, link, manual, child, other/);
});
