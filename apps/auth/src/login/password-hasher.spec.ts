import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, verifyPassword } from './password-hasher.js';

test('a password verifies against its own hash only', async () => {
  const hash = await hashPassword('correct horse');
  assert.match(hash, /^scrypt\$16384\$8\$1\$/);
  assert.equal(await verifyPassword('correct horse', hash), true);
  assert.equal(await verifyPassword('correct horsE', hash), false);
  assert.equal(await verifyPassword('', hash), false);
});

test('each hash has its own salt', async () => {
  assert.notEqual(await hashPassword('same'), await hashPassword('same'));
});

test('no stored hash or a malformed one never verifies', async () => {
  assert.equal(await verifyPassword('x', null), false);
  assert.equal(await verifyPassword('x', 'plain-text'), false);
});
