import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isAddress,
  isValidBalance,
  isValidPassword,
  isValidUserName,
  normalizeUserName,
  sanitizeAddressInput,
} from './validation.js';

const ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72';

test('sanitizeAddressInput keeps lower-cased x and hex digits, at most 42', () => {
  assert.equal(sanitizeAddressInput(' 0X8BA1 f109-zz '), '0x8ba1f109');
  assert.equal(sanitizeAddressInput(`${ADDRESS}ff`), ADDRESS);
  assert.equal(sanitizeAddressInput('ghijk'), '');
});

test('isAddress wants 0x and 40 lower-case hex digits', () => {
  assert.ok(isAddress(ADDRESS));
  assert.equal(isAddress(ADDRESS.toUpperCase().replace('0X', '0x')), false);
  assert.equal(isAddress(ADDRESS.slice(0, 41)), false);
  assert.equal(isAddress(''), false);
});

test('user names: a trimmed plain name or a lower-cased wallet address', () => {
  assert.equal(normalizeUserName('  alice '), 'alice');
  assert.equal(normalizeUserName('0x8BA1F109551BD432803012645AC136DDD64DBA72'), ADDRESS);
  assert.ok(isValidUserName('alice'));
  assert.ok(isValidUserName(ADDRESS));
  assert.ok(isValidUserName('a'.repeat(64)));
  assert.equal(isValidUserName('a'.repeat(65)), false);
  assert.equal(isValidUserName('   '), false);
  assert.equal(isValidUserName('two words'), false);
  assert.equal(isValidUserName('<script>'), false);
});

test('balances are non-negative decimals', () => {
  for (const ok of ['0', '10', '1.5', ' 2.000000000000000001 ']) assert.ok(isValidBalance(ok), ok);
  for (const bad of ['', '-1', '1.', '.5', 'abc', '1e5', '1.0000000000000000001']) {
    assert.equal(isValidBalance(bad), false, bad);
  }
});

test('a new password must be non-empty', () => {
  assert.equal(isValidPassword(''), false);
  assert.ok(isValidPassword(' '));
});
