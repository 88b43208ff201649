import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAbiItem } from 'viem/utils';
import type { AbiFunction } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { ABI_FRAGMENTS } from './abiFragments.js';

const describe = (f: AbiFunction) =>
  `${formatAbiItem(f)} ${f.stateMutability} returns (${f.outputs.map((o) => o.type).join(',')})`;

test("the web app's ABI fragments are functions of the generated collection ABI, with the same signature", () => {
  const generated = new Set(
    (collectionAbi as readonly { type: string }[])
      .filter((item): item is AbiFunction => item.type === 'function')
      .map(describe),
  );
  const missing = ABI_FRAGMENTS.collection
    .map((f) => describe(f as AbiFunction))
    .filter((d) => !generated.has(d));
  assert.deepEqual(missing, []);
});
