import { test } from 'node:test';
import assert from 'node:assert/strict';
import { custom } from 'viem';
import { followHeads } from './head-following-transport.js';
import type { HeadWatch } from './new-heads.js';

/** A node whose head is `head`, counting what it is asked; a watch the test announces blocks on. */
function world() {
  const node = { head: 1, asked: [] as string[], hold: Promise.resolve() };
  let announce = () => undefined as void;
  const heads = { live: true, close: () => undefined };
  let clock = 0;
  const transport = followHeads(
    custom({
      request: async ({ method, params }: { method: string; params: unknown[] }) => {
        node.asked.push(`${method}:${String(params[0])}`);
        const head = node.head;
        await node.hold;
        return method === 'eth_getBlockByNumber' ? { number: head, full: params[1] } : '0x539';
      },
    }),
    {
      wsUrl: 'ws://unused',
      maxAgeMs: 1000,
      now: () => clock,
      watch: (onHead): HeadWatch => {
        announce = onHead;
        return heads;
      },
    },
  );
  const request = transport({ retryCount: 0 }).request as (args: {
    method: string;
    params?: unknown[];
  }) => Promise<{ number: number }>;
  return {
    node,
    heads,
    latest: async (full = true) =>
      (await request({ method: 'eth_getBlockByNumber', params: ['latest', full] })).number,
    request,
    mine: (announced = true) => {
      node.head++;
      if (announced) announce();
    },
    advance: (ms: number) => (clock += ms),
  };
}

test('the latest block is asked of the node again only after an announcement', async () => {
  const w = world();
  assert.equal(await w.latest(), 1);
  for (let i = 0; i < 5; i++) assert.equal(await w.latest(), 1);
  assert.equal(w.node.asked.length, 1, 'five polls of an idle chain answered from memory');
  w.mine();
  assert.equal(await w.latest(), 2, 'the announced block is fetched at the next poll');
  assert.equal(w.node.asked.length, 2);
});

test('an unannounced block is seen once the answer is older than maxAgeMs', async () => {
  const w = world();
  await w.latest();
  w.mine(false);
  w.advance(999);
  assert.equal(await w.latest(), 1);
  w.advance(1);
  assert.equal(await w.latest(), 2);
});

test('while the subscription is down every poll goes to the node', async () => {
  const w = world();
  await w.latest();
  w.heads.live = false;
  await w.latest();
  await w.latest();
  assert.equal(w.node.asked.length, 3);
});

test('an announcement during a request does not let its older answer stand', async () => {
  const w = world();
  let release = () => undefined as void;
  w.node.hold = new Promise((resolve) => (release = resolve));
  const pending = w.latest();
  while (w.node.asked.length === 0) await new Promise((r) => setImmediate(r));
  w.mine(); // announced after the node read block 1, before its answer is back
  release();
  assert.equal(await pending, 1);
  assert.equal(await w.latest(), 2);
});

test('other methods, a numbered block and another flag pass through', async () => {
  const w = world();
  await w.latest(true);
  await w.latest(false);
  await w.request({ method: 'eth_getBlockByNumber', params: ['0x1', true] });
  await w.request({ method: 'eth_chainId', params: [] });
  assert.deepEqual(w.node.asked, [
    'eth_getBlockByNumber:latest',
    'eth_getBlockByNumber:latest',
    'eth_getBlockByNumber:0x1',
    'eth_chainId:undefined',
  ]);
});
