import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DAY_PATTERN,
  ETHER_AMOUNT_PATTERN,
  ROW_ID_PATTERN,
  SIGNED_WEI_PATTERN,
  UINT256_PATTERN,
  UINT64_PATTERN,
  UNIX_SECONDS_PATTERN,
} from './patterns.js';
import { daySchema, deadlineSchema, signedWeiSchema, uint256Schema } from './validation.js';

/** Each pattern at its edges: what it must accept and what it must refuse. */
function edges(pattern: RegExp, accepted: string[], refused: string[]) {
  for (const value of accepted) assert.ok(pattern.test(value), `${pattern} accepts ${JSON.stringify(value)}`);
  for (const value of refused) assert.ok(!pattern.test(value), `${pattern} refuses ${JSON.stringify(value)}`);
}

const digits = (n: number) => '9'.repeat(n);
// not whole numbers in decimal, whatever the length: every unsigned pattern refuses these
const notUnsigned = ['', '-1', '+1', '1.5', '1e3', ' 1', '1 ', '0x1', '١', '1\n'];

test('UINT256_PATTERN: 1 to 78 digits (2^256 − 1 has 78)', () => {
  assert.equal((2n ** 256n - 1n).toString().length, 78);
  edges(UINT256_PATTERN, ['0', '1', (2n ** 256n - 1n).toString(), digits(78)], [digits(79), ...notUnsigned]);
});

test('SIGNED_WEI_PATTERN: an optional minus and 1 to 78 digits', () => {
  edges(
    SIGNED_WEI_PATTERN,
    ['0', '-1', digits(78), `-${digits(78)}`],
    ['', '-', '--1', '+1', '1.5', '-1.5', digits(79), `-${digits(79)}`, ' -1'],
  );
});

test('UINT64_PATTERN: 1 to 20 digits (2^64 − 1 has 20)', () => {
  assert.equal((2n ** 64n - 1n).toString().length, 20);
  edges(UINT64_PATTERN, ['0', (2n ** 64n - 1n).toString()], [digits(21), ...notUnsigned]);
});

test('ROW_ID_PATTERN: 1 to 18 digits, below 2^63', () => {
  assert.ok(BigInt(digits(18)) < 2n ** 63n);
  edges(ROW_ID_PATTERN, ['1', digits(18)], [digits(19), ...notUnsigned]);
});

test('UNIX_SECONDS_PATTERN: 1 to 12 digits', () => {
  edges(
    UNIX_SECONDS_PATTERN,
    ['0', String(Math.floor(Date.now() / 1000)), digits(12)],
    [digits(13), ...notUnsigned],
  );
});

test('DAY_PATTERN: YYYY-MM-DD and nothing around it', () => {
  edges(
    DAY_PATTERN,
    ['2026-11-30', '0000-00-00'],
    ['', '2026-1-30', '26-11-30', '2026/11/30', '2026-11-30T00:00:00Z', ' 2026-11-30', '2026-11-301'],
  );
});

test('ETHER_AMOUNT_PATTERN: up to 30 whole digits and 18 decimals', () => {
  edges(
    ETHER_AMOUNT_PATTERN,
    ['0', '1.5', `${digits(30)}.${digits(18)}`],
    ['', '-1', '.5', '1.', `${digits(31)}`, `1.${digits(19)}`, '1,5', '1e3'],
  );
});

test('the zod schemas keep the messages users see', () => {
  const message = (schema: typeof uint256Schema, value: string) =>
    schema.safeParse(value).error?.issues[0]?.message;
  assert.equal(message(uint256Schema, digits(79)), 'Invalid value');
  assert.equal(message(signedWeiSchema, '1.5'), 'Invalid value');
  assert.equal(message(deadlineSchema, digits(13)), 'Invalid deadline');
  assert.equal(message(daySchema, '2026-1-1'), 'Invalid date');
  assert.equal(uint256Schema.parse(digits(78)), digits(78));
});
