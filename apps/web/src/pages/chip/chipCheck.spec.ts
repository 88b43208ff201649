import { test } from 'node:test';
import assert from 'node:assert/strict';
import { proofOf } from './chipCheck.js';

test('a chip URL presents a tap (any SUN layout, as written) or, after one, the visit’s continuation credential (c)', () => {
  assert.deepEqual(proofOf('?auth=0011'), { tap: 'auth=0011' });
  assert.deepEqual(proofOf('?e=00AA11'), { tap: 'e=00AA11' });
  assert.deepEqual(proofOf('?picc_data=AA&enc=BB&cmac=CC'), { tap: 'picc_data=AA&enc=BB&cmac=CC' });
  assert.deepEqual(proofOf('?uid=04AA&ctr=000001&cmac=CC'), { tap: 'uid=04AA&ctr=000001&cmac=CC' });
  assert.deepEqual(proofOf('?c=Zm9v'), { c: 'Zm9v' });
  assert.deepEqual(proofOf('?auth=0011&c=Zm9v'), { tap: 'auth=0011&c=Zm9v' }, 'a fresh tap first');
  assert.equal(proofOf(''), null);
  assert.equal(proofOf('?c='), null);
});
