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
  // what starts like an address is one: the shared pattern decides (issue #30)
  assert.equal(isValidUserName(`${ADDRESS.slice(0, -2)}zz`), false);
  assert.equal(isValidUserName('0x1234'), false);
  assert.ok(isValidUserName(ADDRESS.toUpperCase().replace('0X', '0x')));
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

test('template fields: optional addresses, URLs, prices and limits (spec section 5)', async () => {
  const {
    isOptionalAddress,
    isOptionalUrl,
    isValidPrice,
    isValidLimit,
    isMediaTooBig,
    MEDIA_MAX_BYTES,
    isValidCollectionName,
    isValidCollectionSymbol,
  } = await import('./validation.js');
  assert.ok(isOptionalAddress(''));
  assert.ok(isOptionalAddress(ADDRESS));
  assert.equal(isOptionalAddress('0x12'), false);
  for (const ok of ['', 'https://example.com/a?b=c&d=%20', 'http://127.0.0.1:3000/x_y-z.html']) {
    assert.ok(isOptionalUrl(ok), ok);
  }
  for (const bad of ['example.com', 'ftp://x.y', 'https://x.y/<script>', 'https://a b']) {
    assert.equal(isOptionalUrl(bad), false, bad);
  }
  for (const ok of ['', '0', '0.05', ' 12 ', '1.000000000000000001']) assert.ok(isValidPrice(ok), ok);
  for (const bad of ['-1', '1,5', '1.0000000000000000001', 'abc', '.5'])
    assert.equal(isValidPrice(bad), false, bad);
  for (const ok of ['0', '10', '2147483647']) assert.ok(isValidLimit(ok), ok);
  for (const bad of ['', '-1', '1.5', '2147483648', 'ten']) assert.equal(isValidLimit(bad), false, bad);
  assert.equal(MEDIA_MAX_BYTES, 100_000_000);
  assert.equal(isMediaTooBig(100_000_000), false);
  assert.ok(isMediaTooBig(100_000_001));
  assert.ok(isValidCollectionName(' My collection '));
  assert.equal(isValidCollectionName('   '), false);
  assert.ok(isValidCollectionSymbol('MTG'));
  assert.equal(isValidCollectionSymbol('x'.repeat(65)), false);
});
