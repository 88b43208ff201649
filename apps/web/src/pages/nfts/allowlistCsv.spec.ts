import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAllowlistCsv } from './allowlistCsv.js';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

test('addresses from the first column, lower-cased, header and blank lines skipped, duplicates once', () => {
  const { addresses, errors } = parseAllowlistCsv(`address,name\n${A},alice\n\n${B}\n"${A.toLowerCase()}"\n`);
  assert.deepEqual(addresses, [A.toLowerCase(), B]);
  assert.deepEqual(errors, []);
});

test('every bad line is an error naming its line', () => {
  const { addresses, errors } = parseAllowlistCsv(`${A}\n0x1234\nalice.eth\n${B}`);
  assert.deepEqual(addresses, [A.toLowerCase(), B]);
  assert.deepEqual(
    errors.map((e) => [e.row, e.text]),
    [
      [2, '0x1234'],
      [3, 'alice.eth'],
    ],
  );
});
