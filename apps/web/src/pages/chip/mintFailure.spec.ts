import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BaseError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  RawContractError,
  TransactionExecutionError,
  UnknownNodeError,
} from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { LINK_CLAIMED_BY_ANOTHER } from '@metatag/api-types';
import { chipActions, soldOut, type ActionInput } from './chipActions.js';
import { formatEthUp, MintFailure, missingWei, mintFailureText, refusalText } from './mintFailure.js';

test('a refusal of get-mint-data names its cause; an unknown one keeps the spec text', () => {
  assert.equal(refusalText('link', { reason: 'sold_out' }), 'Sold out');
  assert.equal(refusalText('chip', { reason: 'tap_expired' }), 'Tap expired: scan the chip again');
  assert.match(refusalText('link', { reason: 'already_minted' }), /minted already/);
  assert.match(refusalText('link', { status: 402 }), /relayer balance is used up/);
  assert.equal(
    refusalText('link', { reason: 'insufficient_funds' }),
    'Not enough ETH in your wallet for the price and the gas',
  );
  assert.equal(refusalText('link', {}), 'We cannot mint right now.');
  // a link bound to another wallet (#28): the server's words, not the catch-all
  assert.equal(
    refusalText('link', { status: 409, errorMessage: LINK_CLAIMED_BY_ANOTHER }),
    LINK_CLAIMED_BY_ANOTHER,
  );
  assert.equal(
    refusalText('chip', { status: 500 }),
    'We cannot mint right now. Try to rescan the chip - and then mint again',
  );
});

test('the amount missing: price plus gas at the max fee, minus the balance; rounded up to 6 decimals', () => {
  const gwei = 10n ** 9n;
  assert.equal(
    missingWei({ balance: 0n, value: 10n ** 16n, gas: 150_000n, maxFeePerGas: 2n * gwei }),
    10_300_000n * gwei,
  );
  assert.equal(missingWei({ balance: 10n ** 18n, value: 10n ** 16n, gas: 150_000n, maxFeePerGas: gwei }), 0n);
  assert.equal(formatEthUp(10_300_000n * gwei), '0.0103');
  assert.equal(formatEthUp(1n), '0.000001', 'never reads as nothing');
  assert.equal(formatEthUp(10n ** 18n), '1');
});

test("viem's errors are read by their class along the cause chain, not by their text", () => {
  const funds = new TransactionExecutionError(
    new InsufficientFundsError({ cause: new BaseError('whatever the node says') }),
    { account: undefined, chain: undefined } as never,
  );
  assert.equal(
    mintFailureText(funds, 'link', { missing: 10_300_000n * 10n ** 9n }),
    'Not enough ETH: your wallet needs 0.0103 ETH more',
  );
  assert.equal(mintFailureText(funds, 'link'), 'Not enough ETH in your wallet for the price and the gas');

  const down = new UnknownNodeError({
    cause: new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed' }),
  });
  assert.equal(mintFailureText(down, 'chip'), 'The chain cannot be reached right now. Try again in a moment');

  const data = encodeErrorResult({
    abi: collectionAbi,
    errorName: 'AuthorizationExpired',
    args: [1_700_000_000n],
  });
  // as a wallet's gas estimation reports the collection's revert: the node's error with the revert data
  const reverted = new TransactionExecutionError(new RawContractError({ data }), {
    account: undefined,
    chain: undefined,
  } as never);
  assert.equal(mintFailureText(reverted, 'chip'), 'The authorization expired. Scan again');

  assert.equal(mintFailureText(new MintFailure('Sold out'), 'link'), 'Sold out');
  assert.equal(
    mintFailureText(new Error('?'), 'link'),
    'We cannot mint right now.',
    'unknown: the spec text',
  );
});

const base: ActionInput = {
  type: 'link',
  auth: 'none',
  wallet: null,
  owner: null,
  locked: false,
  price: '0.01',
  payoutAddress: `0x${'1'.repeat(40)}`,
  multiMint: false,
};

test("sold out: 'Sold out' instead of a mint, before any click and without a wallet", () => {
  assert.equal(soldOut({ limit: 3, mints: 3 }), true);
  assert.equal(soldOut({ limit: 3, mints: 2 }), false);
  assert.equal(soldOut({ limit: 0, mints: 9 }), false, 'no limit');
  assert.deepEqual(chipActions({ ...base, soldOut: true }), [{ kind: 'sold-out' }]);
  assert.deepEqual(chipActions({ ...base, soldOut: true, wallet: base.payoutAddress }), [
    { kind: 'sold-out' },
  ]);
  assert.deepEqual(chipActions({ ...base, wallet: base.payoutAddress }), [
    { kind: 'mint', label: 'Buy Token for 0.01ETH' },
  ]);
  // a minted token's owner still gets Lock on a chip; sold out changes only the mint
  assert.deepEqual(
    chipActions({
      ...base,
      type: 'chip',
      auth: 'ok',
      soldOut: true,
      wallet: base.payoutAddress,
      owner: base.payoutAddress,
    }).map((a) => a.kind),
    ['lock'],
  );
});

test("a two-tap template's refusals ask for the second tap (#32)", () => {
  assert.equal(
    refusalText('chip', { reason: 'second_tap_needed' }),
    'Tap the chip again to claim: this item needs two taps',
  );
  assert.equal(
    refusalText('chip', { reason: 'second_tap_too_soon' }),
    'Too soon: wait a few seconds, then tap the chip again',
  );
  assert.equal(
    refusalText('chip', { reason: 'second_tap_too_late' }),
    'Too late: tap the chip twice, closer together',
  );
});
