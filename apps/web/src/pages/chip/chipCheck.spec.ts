import { test } from 'node:test';
import assert from 'node:assert/strict';
import { proofOf } from './chipCheck.js';

test('a chip URL presents a tap (auth) or, after one, the visit’s continuation credential (c)', () => {
  assert.deepEqual(proofOf(new URLSearchParams('auth=0011')), { auth: '0011' });
  assert.deepEqual(proofOf(new URLSearchParams('c=Zm9v')), { c: 'Zm9v' });
  assert.deepEqual(proofOf(new URLSearchParams('auth=0011&c=Zm9v')), { auth: '0011' }, 'a fresh tap first');
  assert.equal(proofOf(new URLSearchParams('')), null);
  assert.equal(proofOf(new URLSearchParams('c=')), null);
});
