import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GeoLiteLookup, isPrivateAddress, normalizeIp, UNKNOWN_LOCATION } from './geo.lookup.js';

test('loopback and private addresses have no location', () => {
  const geo = new GeoLiteLookup();
  for (const ip of [
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '192.168.0.10',
    '172.20.0.1',
    '::ffff:127.0.0.1',
    'fd00::1',
    '',
    'nonsense',
  ])
    assert.deepEqual(geo.lookup(ip), UNKNOWN_LOCATION, ip);
  assert.equal(isPrivateAddress('8.8.8.8'), false);
  assert.equal(normalizeIp('::ffff:81.2.69.142'), '81.2.69.142');
});

test('a public address resolves offline to city, radius and country', () => {
  const hit = new GeoLiteLookup().lookup('::ffff:81.2.69.142');
  assert.equal(hit.country, 'GB');
  assert.equal(typeof hit.radius, 'number');
  assert.ok(hit.city === null || typeof hit.city === 'string');
});
