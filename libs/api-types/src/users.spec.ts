import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUserBody, updateUserBody, userNameSchema } from './users.js';

// #30: the super admin's users table took `0x…a4zz` as an address. The API's check (POST /json/users and
// the rename, PUT /json/users/:id) refuses a name that starts like an address unless it is a whole one.
const ADDRESS = '0x5b38da6a701c568545dcfcb03fcb875f56bedd4a';

test('a name that starts like an address must be a whole address', () => {
  for (const name of [
    `${ADDRESS.slice(0, -2)}zz`, // the issue's 0x…a4zz: 40 characters, two not hex
    '0x1234',
    `${ADDRESS}00`,
    '0X',
  ]) {
    const parsed = userNameSchema.safeParse(name);
    assert.equal(parsed.success, false, name);
    assert.equal(parsed.error?.issues[0]?.message, 'Invalid address', name);
    assert.equal(createUserBody.safeParse({ address: name }).success, false, name);
    assert.equal(updateUserBody.safeParse({ address: name }).success, false, name);
  }
});

test('a whole address (any case) and a plain name are accepted, trimmed', () => {
  assert.equal(userNameSchema.parse(ADDRESS), ADDRESS);
  assert.equal(userNameSchema.parse(` ${ADDRESS.toUpperCase().replace('0X', '0x')} `).length, 42);
  assert.equal(userNameSchema.parse('alice'), 'alice');
  assert.equal(createUserBody.parse({ address: ' shop-owner ' }).address, 'shop-owner');
});
