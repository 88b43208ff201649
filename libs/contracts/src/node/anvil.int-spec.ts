import { after, test } from 'node:test';
import assert from 'node:assert/strict';
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
  await fetch(chains[0]!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
  const heights = await Promise.all(
    chains.map(async (c) => {
      const res = await fetch(c.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      });
      return ((await res.json()) as { result: string }).result;
    }),
  );
  assert.deepEqual(heights, ['0x1', '0x0', '0x0', '0x0']);
});
