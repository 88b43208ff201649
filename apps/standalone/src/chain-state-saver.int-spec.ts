import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { privateKeyToAccount } from 'viem/accounts';
import { consistentDump, saveChainStateEachBlock } from './chain-state-saver.js';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';

const rpc = async <T>(url: string, method: string, params: unknown[] = []): Promise<T> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
};

async function until(what: string, check: () => boolean, ms = 5000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

/** The head block number the state file holds, as anvil's `--state` would load it. */
function savedHead(stateFile: string): number | undefined {
  if (!existsSync(stateFile)) return undefined;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { block?: { number: string } };
  return state.block ? Number(state.block.number) : undefined;
}

test('each block is saved as anvil announces it (no polling needed), also after the chain restarts, and a restart loads it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chain-state-'));
  const stateFile = join(dir, 'state.json');
  let anvil: AnvilHandle = await startAnvil({ stateFile, stateInterval: 0 });
  // polls so rare that only the newHeads subscription can explain a save within the test's waits
  const saver = saveChainStateEachBlock(() => anvil.url, stateFile, pino({ level: 'silent' }), {
    pollMs: 60_000,
    subscribedPollMs: 60_000,
  });
  try {
    await until('the subscription catches up on the chain as it found it', () => saver.savedBlock === 0n);
    for (let block = 1; block <= 3; block += 1) {
      await rpc(anvil.url, 'evm_mine');
      const ms = await until(`block ${block} saved`, () => saver.savedBlock === BigInt(block), 2000);
      assert.ok(ms < 2000, `saved ${ms} ms after it was mined`);
      assert.equal(savedHead(stateFile), block, 'the file holds the block');
    }

    // the chain dies and comes back on its port from the saved state: the saver follows it there
    const port = anvil.port;
    anvil.child.kill('SIGKILL');
    await new Promise((r) => anvil.child.once('exit', r));
    anvil = await startAnvil({ port, stateFile, stateInterval: 0 });
    assert.equal(Number(await rpc<string>(anvil.url, 'eth_blockNumber')), 3, 'restarted from block 3');
    await rpc(anvil.url, 'evm_mine');
    await until('block 4 saved after the restart', () => saver.savedBlock === 4n);
    assert.equal(savedHead(stateFile), 4);
  } finally {
    await saver.stop();
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('under a stream of transactions, a dump is kept only when it holds the same blocks as the accounts', async () => {
  const anvil = await startAnvil({});
  // anvil's second development account: one transaction per block (automine), so its nonce is the head
  const account = privateKeyToAccount(ANVIL_DEV_KEY_1);
  const call = <T>(method: string, params: unknown[] = []) => rpc<T>(anvil.url, method, params);
  let sending = true;
  const stream = (async () => {
    for (let nonce = 0; sending; nonce++) {
      const raw = await account.signTransaction({
        chainId: 1337,
        type: 'eip1559',
        nonce,
        to: '0x000000000000000000000000000000000000dEaD',
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: 10_000_000_000n,
        maxPriorityFeePerGas: 1n,
      });
      await call('eth_sendRawTransaction', [raw]);
      // a block every 20 ms or so: back to back, a dump under CI's load never found a moment between two
      // blocks (0 of 200 kept), the limit decision 134 names for a saturating stream
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    let kept = 0;
    let skipped = 0;
    for (let i = 0; i < 400 && kept < 50; i++) {
      const head = await call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
      const json = await consistentDump(call, head);
      if (!json) {
        skipped++;
        continue;
      }
      kept++;
      const state = JSON.parse(json.toString('utf8')) as {
        best_block_number: string | number;
        blocks: { header: { number: string } }[];
        accounts: Record<string, { nonce: string | number }>;
      };
      const nonce = Number(state.accounts[account.address.toLowerCase()]?.nonce ?? 0);
      const best = Number(state.best_block_number);
      const last = Math.max(...state.blocks.map((b) => Number(b.header.number)));
      assert.deepEqual(
        { nonce, best, last },
        { nonce: Number(head.number), best: Number(head.number), last: Number(head.number) },
      );
    }
    assert.ok(kept > 0, `some dumps kept (${kept} kept, ${skipped} taken while a block came)`);
  } finally {
    sending = false;
    await stream.catch(() => undefined);
    await anvil.stop();
  }
});
