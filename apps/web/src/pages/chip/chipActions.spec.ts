import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chipActions, mintLabel, tokenStatus, type ActionInput } from './chipActions.js';

const OWNER = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const PAYOUT = '0x3333333333333333333333333333333333333333';

const base: ActionInput = {
  type: 'chip',
  auth: 'ok',
  wallet: OTHER,
  owner: null,
  locked: false,
  price: '',
  payoutAddress: '',
  multiMint: false,
};
const kinds = (input: Partial<ActionInput>) => chipActions({ ...base, ...input }).map((a) => a.kind);

test('authentication states come first on a chip', () => {
  assert.deepEqual(kinds({ auth: 'checking' }), ['authenticating']);
  assert.deepEqual(kinds({ auth: 'failed', wallet: null }), ['auth-failed']);
  // a link is never authenticated
  assert.deepEqual(kinds({ type: 'link', auth: 'none', wallet: null }), ['connect']);
});

test('without a wallet the visitor connects', () => {
  assert.deepEqual(kinds({ wallet: null }), ['connect']);
});

test('no owner: mint for an authenticated chip or any link; an unscanned chip offers nothing', () => {
  assert.deepEqual(kinds({}), ['mint']);
  assert.deepEqual(kinds({ type: 'link', auth: 'none' }), ['mint']);
  assert.deepEqual(kinds({ auth: 'none' }), []);
  assert.deepEqual(kinds({ owner: undefined }), [], 'unknown chain state: no buttons');
});

test('the owner locks and unlocks, compared without regard to case', () => {
  assert.deepEqual(kinds({ owner: OTHER.toUpperCase().replace('0X', '0x') }), ['lock']);
  assert.deepEqual(kinds({ owner: OTHER, locked: true }), ['unlock']);
  assert.deepEqual(kinds({ type: 'link', owner: OTHER }), []);
});

test('someone else claims an unlocked chip, sees a locked one as locked', () => {
  assert.deepEqual(kinds({ owner: OWNER }), ['claim']);
  assert.deepEqual(kinds({ owner: OWNER, locked: true }), ['locked']);
  assert.deepEqual(kinds({ owner: OWNER, auth: 'none' }), [], 'a claim needs a fresh scan');
  assert.deepEqual(kinds({ owner: OWNER, locked: true, auth: 'none' }), ['locked']);
});

test('multi-mint offers a new mint on every scan', () => {
  assert.deepEqual(kinds({ owner: OWNER, multiMint: true }), ['claim', 'mint']);
  assert.deepEqual(kinds({ type: 'link', owner: OWNER, multiMint: true, auth: 'none' }), ['mint']);
});

test('the mint label: free unless a price and a payout address are set', () => {
  assert.equal(mintLabel('', PAYOUT), 'Mint and Claim');
  assert.equal(mintLabel('0', PAYOUT), 'Mint and Claim');
  assert.equal(mintLabel('0.01', ''), 'Mint and Claim');
  assert.equal(mintLabel('0.01', PAYOUT), 'Buy Token for 0.01ETH');
  const [action] = chipActions({ ...base, price: '0.5', payoutAddress: PAYOUT });
  assert.deepEqual(action, { kind: 'mint', label: 'Buy Token for 0.5ETH' });
});

test('token status: pre-mint, unlocked, locked', () => {
  assert.equal(tokenStatus(null, false), 'pre-mint');
  assert.equal(tokenStatus(null, false, true), 'redeemed (burned)');
  assert.equal(tokenStatus(OWNER, false), 'unlocked');
  assert.equal(tokenStatus(OWNER, true), 'locked');
  assert.equal(tokenStatus(undefined, false), '');
});

test('a spent or expired continuation and a failed mint ask for a new scan instead of a button that fails again', () => {
  assert.deepEqual(kinds({ auth: 'expired', wallet: null }), ['rescan']);
  assert.deepEqual(kinds({ mintFailed: true }), ['rescan']);
  assert.deepEqual(kinds({ type: 'link', auth: 'none', mintFailed: true }), ['rescan']);
  assert.deepEqual(kinds({ owner: OWNER, mintFailed: true }), ['rescan'], 'a failed claim');
  assert.deepEqual(kinds({ owner: OWNER, mintFailed: true, multiMint: true }), ['rescan']);
  assert.deepEqual(kinds({ owner: OTHER, mintFailed: true }), ['lock'], 'the owner still locks');
});

test('a token burned to redeem it is spent: no Connect Wallet, no mint, unless every scan mints anew', () => {
  assert.deepEqual(kinds({ burned: true, wallet: null }), []);
  assert.deepEqual(kinds({ burned: true }), []);
  assert.deepEqual(kinds({ burned: true, multiMint: true }), ['mint']);
  assert.equal(tokenStatus(null, false, true), 'redeemed (burned)');
});
