import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MINT_REFUSALS, type PublicClaimPhase } from '@metatag/api-types';
import { MINT_REFUSAL_TEXTS, claimConditions } from './claim-conditions.js';

const now = new Date('2026-06-01T10:00:00Z');
const phase = (over: Partial<PublicClaimPhase>): PublicClaimPhase => ({
  id: 'p',
  name: 'Presale',
  start: null,
  end: null,
  price: '',
  walletCap: 0,
  allowlistOnly: false,
  allowlistSize: 0,
  ...over,
});

test('no phases: claims as always', () => {
  assert.deepEqual(claimConditions({}, now), { status: 'unphased', allowlistOnly: false, walletCap: 0 });
});

test('an upcoming allowlist phase opens in 2 h', () => {
  const c = claimConditions(
    { claimPhases: [phase({ start: '2026-06-01T12:00:00Z', allowlistOnly: true, walletCap: 2 })] },
    now,
  );
  assert.equal(c.status, 'upcoming');
  assert.equal(c.opensIn, 'in 2 h');
  assert.equal(c.allowlistOnly, true);
  assert.equal(c.walletCap, 2);
});

test('the open phase applies; after the last one, claims are closed', () => {
  const phases = [
    phase({ id: 'a', end: '2026-06-01T09:00:00Z' }),
    phase({ id: 'b', start: '2026-06-01T09:00:00Z' }),
  ];
  assert.equal(claimConditions({ claimPhases: phases }, now).phase?.id, 'b');
  assert.equal(claimConditions({ claimPhases: [phases[0]!] }, now).status, 'closed');
});

test('every refusal has words', () => {
  for (const reason of MINT_REFUSALS) assert.ok(MINT_REFUSAL_TEXTS[reason].length > 0, reason);
});
