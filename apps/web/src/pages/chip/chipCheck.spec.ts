import { test } from 'node:test';
import assert from 'node:assert/strict';
import { proofOf } from './chipCheck.js';

test('a chip URL presents a tap (any SUN layout, as written) or, after one, the visit’s continuation credential (c)', () => {
  assert.deepEqual(proofOf('?auth=0011'), { tap: 'auth=0011' });
  assert.deepEqual(proofOf('?e=00AA11'), { tap: 'e=00AA11' });
  assert.deepEqual(proofOf('?picc_data=AA&enc=BB&cmac=CC'), { tap: 'picc_data=AA&enc=BB&cmac=CC' });
  assert.deepEqual(proofOf('?uid=04AA&ctr=000001&cmac=CC'), { tap: 'uid=04AA&ctr=000001&cmac=CC' });
  assert.deepEqual(proofOf('?mtv=Zm9v'), { c: 'Zm9v' });
  assert.deepEqual(proofOf('?auth=0011&mtv=Zm9v'), { tap: 'auth=0011&mtv=Zm9v' }, 'a fresh tap first');
  assert.equal(proofOf(''), null);
  assert.equal(proofOf('?mtv='), null);
});

test('boltcard (p, c) and NXP (e, c) taps are taps; an old ?c= link holding a credential still continues', () => {
  const p = 'p=4E2E289D945A66BB13377A728884E867&c=E19CCB1FED8892CE';
  assert.deepEqual(proofOf(`?${p}`), { tap: p });
  const e = 'e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086';
  assert.deepEqual(proofOf(`?${e}`), { tap: e });
  const credential = 'A'.repeat(47);
  assert.deepEqual(proofOf(`?c=${credential}`), { c: credential });
  assert.equal(proofOf('?c=E19CCB1FED8892CE'), null, 'a MAC is never taken for a credential');
});
