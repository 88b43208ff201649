import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PublicClaimPhase } from '@metatag/api-types';
import { phaseLines, phaseRefusalText } from './claimPhases.js';

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

test("the issue's texts: 'opens in 2 h', 'allowlist only', 'you minted 2 of 2'", () => {
  const upcoming = [phase({ start: '2026-06-01T12:00:00Z', allowlistOnly: true, walletCap: 2 })];
  assert.deepEqual(
    phaseLines(upcoming, now).map((l) => l.text),
    ['Presale opens in 2 h', 'Allowlist only', '2 per wallet'],
  );
  const open = [phase({ walletCap: 2, allowlistOnly: true })];
  assert.equal(
    phaseRefusalText('wallet_cap_reached', open, now),
    'You minted 2 of 2: that is the most one wallet may mint in Presale',
  );
  assert.equal(
    phaseRefusalText('not_allowlisted', open, now),
    'Allowlist only: this wallet is not on the list for Presale. Connect a wallet that is',
  );
  assert.equal(phaseRefusalText('phase_not_started', upcoming, now), 'Not open yet: Presale opens in 2 h');
});

test('closed after the last phase; nothing for a template without phases or other refusals', () => {
  assert.deepEqual(
    phaseLines([phase({ end: '2026-06-01T09:00:00Z' })], now).map((l) => l.text),
    ['Claims are closed'],
  );
  assert.deepEqual(phaseLines([], now), []);
  assert.equal(phaseRefusalText('sold_out', [], now), undefined);
});
