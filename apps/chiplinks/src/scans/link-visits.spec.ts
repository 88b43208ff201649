import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LinkVisits } from './link-visits.js';

test('a visitor counts once per link and window; others and later windows count', () => {
  const visits = new LinkVisits(1000);
  assert.equal(visits.firstInWindow('L1', '203.0.113.5', 0), true);
  assert.equal(visits.firstInWindow('L1', '203.0.113.5', 10), false, 'a reload');
  assert.equal(visits.firstInWindow('L1', '203.0.113.5', 999), false);
  assert.equal(visits.firstInWindow('L1', '198.51.100.7', 20), true, 'another visitor');
  assert.equal(visits.firstInWindow('L2', '203.0.113.5', 30), true, 'another link');
  assert.equal(visits.firstInWindow('L1', '203.0.113.5', 1000), true, 'the next window');
});
