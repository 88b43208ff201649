import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicClient, createTestClient, http } from 'viem';
import { startAnvil, type AnvilHandle } from './anvil.js';

const started: AnvilHandle[] = [];
after(() => Promise.all(started.map((a) => a.stop())));

test('a chain asked for a port another chain holds fails to start instead of answering with the other one', async () => {
  const first = await startAnvil();
  started.push(first);
  // Before: the second start saw the first chain's answer on the port and returned it as its own.
  await assert.rejects(startAnvil({ port: first.port }), /anvil exited with code \d+ before it listened/);
});

test('chains started side by side get ports of their own and answer as themselves', async () => {
  const chains = await Promise.all(Array.from({ length: 4 }, () => startAnvil()));
  started.push(...chains);
  assert.equal(new Set(chains.map((c) => c.port)).size, 4);
  // A block mined on one chain is not seen on another.
  await createTestClient({ mode: 'anvil', transport: http(chains[0]!.url) }).mine({ blocks: 1 });
  const heights = await Promise.all(
    chains.map((c) => createPublicClient({ transport: http(c.url) }).getBlockNumber({ cacheTime: 0 })),
  );
  assert.deepEqual(heights, [1n, 0n, 0n, 0n]);
});
