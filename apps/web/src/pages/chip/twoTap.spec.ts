import assert from 'node:assert/strict';
import { test } from 'node:test';
import { twoTapPhase, twoTapText } from './twoTap.js';

const rule = { minSeconds: 5, maxMinutes: 2 };

test('a first tap counts down to the second, then asks for it, then is too late', () => {
  const first = { previous: null, last: 0 };
  assert.deepEqual(twoTapPhase(rule, first, 0), { kind: 'wait', seconds: 5 });
  assert.equal(twoTapText(rule, twoTapPhase(rule, first, 4_200)), 'Tap the chip again in 1 second to claim');
  assert.equal(twoTapPhase(rule, first, 5_000).kind, 'ready');
  assert.equal(
    twoTapText(rule, twoTapPhase(rule, first, 5_000)),
    'Tap the chip again now to claim (within 2 minutes of the first tap)',
  );
  assert.equal(twoTapText(rule, twoTapPhase(rule, first, 120_001)), 'Too late: tap twice within 2 minutes');
});

test('a tap in the window after the previous one is the second: the claim proceeds', () => {
  assert.deepEqual(twoTapPhase(rule, { previous: 0, last: 6_000 }, 6_500), { kind: 'second' });
  // too soon after the previous one: this tap starts again
  assert.deepEqual(twoTapPhase(rule, { previous: 0, last: 3_000 }, 3_000), { kind: 'wait', seconds: 5 });
  // too late after the previous one: this tap is a first tap
  assert.equal(twoTapPhase(rule, { previous: 0, last: 200_000 }, 200_000).kind, 'wait');
});
