import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MINT_REFUSALS, type PublicClaimPhase } from '@metatag/api-types';
import {
  MINT_REFUSAL_TEXTS,
  claimConditions,
  phaseIdOf,
  walletStanding,
  type PhaseMintedReader,
} from './claim-conditions.js';

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

test('walletStanding reads the open capped phase under its on-chain id; over the cap leaves 0', async () => {
  const asked: unknown[] = [];
  const reader: PhaseMintedReader = {
    readContract: (p) => (asked.push(p.args), Promise.resolve(3n)),
  };
  const lookup = {
    nft: { id: 7, claimPhases: [phase({ id: 'free' }), phase({ id: 'capped', walletCap: 2 })] },
    smartContract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  };
  const wallet = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
  const standing = await walletStanding(reader, lookup, wallet, now);
  assert.deepEqual(asked, [[phaseIdOf(7, 'capped'), '0x70997970C51812dc3A010C7d01b50e0d17dc79C8']]);
  assert.equal(standing?.phase.id, 'capped');
  assert.deepEqual(
    { minted: standing?.minted, cap: standing?.cap, remaining: standing?.remaining, text: standing?.text },
    { minted: 3, cap: 2, remaining: 0, text: 'You minted 3 of 2' },
  );
  // only uncapped phases open: nothing to count, the chain is not asked
  const uncapped = { ...lookup, nft: { id: 7, claimPhases: [phase({ id: 'free' })] } };
  assert.equal(await walletStanding(reader, uncapped, wallet, now), undefined);
  assert.equal(asked.length, 1);
});
