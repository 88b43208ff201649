import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { wellKnownKey } from './index.js';

test('factory and published keys are known, random ones are not', () => {
  assert.match(wellKnownKey('00000000000000000000000000000000')!, /factory/);
  assert.match(wellKnownKey(Buffer.from('5004BF991F408672B1EF00F08F9E8647', 'hex'))!, /AN12196/);
  assert.match(wellKnownKey('00112233445566778899AABBCCDDEEFF')!, /AN10922/);
  assert.ok(wellKnownKey('11111111111111111111111111111111'));
  assert.equal(wellKnownKey(randomBytes(16)), undefined);
});
