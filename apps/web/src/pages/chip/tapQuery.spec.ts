import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tapQuery } from './tapQuery.js';

test('the tap is the exact query text of any SUN layout; other queries are none', () => {
  assert.equal(tapQuery('?auth=ABC'), 'auth=ABC');
  assert.equal(tapQuery('?picc_data=AA&enc=BB&cmac=CC'), 'picc_data=AA&enc=BB&cmac=CC');
  assert.equal(tapQuery('?e=AABB'), 'e=AABB');
  assert.equal(tapQuery('?uid=04AA&ctr=000001&cmac=CC'), 'uid=04AA&ctr=000001&cmac=CC');
  assert.equal(tapQuery('?utm=x&auth=ABC'), 'utm=x&auth=ABC');
  assert.equal(tapQuery(''), null);
  assert.equal(tapQuery('?utm_source=flyer'), null);
  assert.equal(tapQuery('?theauth=1'), null);
});
