import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zeroAddress } from 'viem';
import { pricing } from './mint-data.service.js';

const payout = '0x' + 'ab'.repeat(20);

test('the template price in ETH becomes wei, paid to the payout address', () => {
  assert.deepEqual(pricing({ price: '0.015', payoutAddress: payout }), {
    price: '15000000000000000',
    payoutAddress: payout,
  });
});

test('no price, zero, or no payout address: a free mint', () => {
  for (const t of [
    { price: '', payoutAddress: payout },
    { price: '0', payoutAddress: payout },
    { price: '1', payoutAddress: '' },
  ])
    assert.deepEqual(pricing(t), { price: '0', payoutAddress: zeroAddress });
});
