import { rename, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import { PeriodicTask } from '@metatag/nest-kit';
import { watchNewHeads } from '@metatag/indexer';

export interface ChainStateSaver {
  /** Blocks saved so far (the head block number of the last dump). */
  readonly savedBlock: bigint | undefined;
  /** Stops saving; resolves after a dump in progress is written. */
  stop(): Promise<void>;
}

export interface ChainStateSaverOptions {
  /** How often the head is read while no `newHeads` subscription is live (the chain (re)starting). */
  pollMs?: number;
  /** How often it is read anyway while subscribed, in case an announcement is lost. */
  subscribedPollMs?: number;
}

/**
 * Writes the local chain's state to `stateFile` after every new block: anvil's own `--state-interval`
 * works in whole seconds, so a crash could lose several blocks of mints the relayer had confirmed.
 * Each dump (`anvil_dumpState`) is written to a temporary file and renamed over the state file, so a
 * crash mid-write never leaves a torn file; blocks mined while a dump is written are covered by the
 * next dump (one dump in flight at a time, never a queue of them).
 *
 * A block is noticed through anvil's `newHeads` subscription on its WebSocket endpoint, so an idle
 * chain costs nothing: reading the head every 100 ms over HTTP was a third of an idle stack's CPU.
 * While the subscription is down the head is polled every `pollMs` as before.
 */
interface Head {
  number: string;
  hash: string;
}

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;

/**
 * The chain's state as anvil's `--state` loads it (JSON), taken at `head`; undefined when a block was
 * mined while it was taken. anvil_dumpState reads the accounts and the block list one after the other,
 * so a block mined in between can be in the accounts and not in the list: 2 of 300 dumps taken under a
 * stream of transactions held a sender's nonce one above its last block. A chain restarted from such a
 * file has the transaction's effects (a token minted, its nonce used) without its block, receipt or
 * logs, and the relayer's record of that block cannot be checked against anything (the fault suite's
 * chain + PostgreSQL case counted the mint as lost). A dump is kept only when the head is the same
 * before and after it.
 */
export async function consistentDump(rpc: Rpc, head: Head): Promise<Buffer | undefined> {
  const dump = await rpc<string>('anvil_dumpState');
  const after = await rpc<Head>('eth_getBlockByNumber', ['latest', false]);
  if (after.hash !== head.hash) return undefined;
  const bytes = Buffer.from(dump.replace(/^0x/, ''), 'hex');
  // anvil_dumpState answers gzip; the state file anvil loads with --state is the JSON inside.
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

export function saveChainStateEachBlock(
  rpcUrl: () => string,
  stateFile: string,
  logger: Logger,
  { pollMs = 100, subscribedPollMs = 5000 }: ChainStateSaverOptions = {},
): ChainStateSaver {
  let savedBlock: bigint | undefined;
  let savedHash: string | undefined;
  const rpc: Rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(rpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error || body.result === undefined)
      throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
    return body.result;
  };
  /** Saves the state when the head is new; whether it tried (a dump taken while a block came is not kept). */
  const tick = async (): Promise<boolean> => {
    // The head's hash, not its number: a chain restarted from an older file may reach the same height
    // with other blocks.
    const head = await rpc<Head>('eth_getBlockByNumber', ['latest', false]);
    if (head.hash === savedHash) return false;
    const json = await consistentDump(rpc, head);
    if (!json) return true; // the next round dumps again, at the new head
    const tmp = `${stateFile}.${process.pid}.tmp`;
    await writeFile(tmp, json);
    await rename(tmp, stateFile);
    savedBlock = BigInt(head.number);
    savedHash = head.hash;
    return true;
  };
  // Polls every `pollMs` while no subscription is live. While one is, a run that found the head
  // already saved lets the wait grow to `subscribedPollMs`; an announcement kicks a run at once.
  const task = new PeriodicTask(
    'chain state saver',
    pollMs,
    async () => (await tick()) || !heads.live,
    logger,
    { idle: { maxMs: subscribedPollMs, graceMs: 0 } },
  );
  const heads = watchNewHeads(
    () => rpcUrl().replace(/^http/, 'ws'),
    () => task.kick(),
  );
  task.start();
  return {
    get savedBlock() {
      return savedBlock;
    },
    async stop() {
      heads.close();
      // waits for a dump under way
      await task.stop();
    },
  };
}
