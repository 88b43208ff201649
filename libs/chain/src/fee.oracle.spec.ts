import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PublicClient } from 'viem';
import { FeeOracle } from './fee.oracle.js';
import { initialFees } from './fee.policy.js';

test('one block read serves every caller for maxAgeMs, then the next read sees the new base fee', async () => {
  let reads = 0;
  let baseFeePerGas = 10n;
  const client = {
    getBlock: async () => {
      reads += 1;
      return { baseFeePerGas };
    },
  } as unknown as Pick<PublicClient, 'getBlock'>;
  let now = 0;
  const oracle = new FeeOracle(client, undefined, 1000, () => now);
  const all = await Promise.all([oracle.current(), oracle.current(), oracle.baseFee()]);
  assert.equal(reads, 1, 'concurrent callers share one request');
  assert.deepEqual(all[0], initialFees(10n));
  assert.equal(all[2], 10n);
  baseFeePerGas = 20n;
  now = 999;
  assert.equal(await oracle.baseFee(), 10n);
  now = 1000;
  assert.equal(await oracle.baseFee(), 20n);
  assert.equal(reads, 2);
});

test('a chain without a base fee is refused', async () => {
  const client = { getBlock: async () => ({ baseFeePerGas: null }) } as unknown as Pick<
    PublicClient,
    'getBlock'
  >;
  await assert.rejects(new FeeOracle(client).current(), /no EIP-1559 base fee/);
});
