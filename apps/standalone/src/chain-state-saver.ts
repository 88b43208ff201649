import { rename, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import { watchNewHeads } from './new-heads.js';

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
export function saveChainStateEachBlock(
  rpcUrl: () => string,
  stateFile: string,
  logger: Logger,
  { pollMs = 100, subscribedPollMs = 5000 }: ChainStateSaverOptions = {},
): ChainStateSaver {
  let savedBlock: bigint | undefined;
  let savedHash: string | undefined;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
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
  const tick = async () => {
    // The head's hash, not its number: a chain restarted from an older file may reach the same height
    // with other blocks.
    const head = await rpc<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
    if (head.hash === savedHash) return;
    const dump = await rpc<string>('anvil_dumpState');
    const bytes = Buffer.from(dump.replace(/^0x/, ''), 'hex');
    // anvil_dumpState answers gzip; the state file anvil loads with --state is the JSON inside.
    const json = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    const tmp = `${stateFile}.${process.pid}.tmp`;
    await writeFile(tmp, json);
    await rename(tmp, stateFile);
    savedBlock = BigInt(head.number);
    savedHash = head.hash;
  };
  let failing = false;
  let announced = false;
  let wake: (() => void) | undefined;
  const heads = watchNewHeads(
    () => rpcUrl().replace(/^http/, 'ws'),
    () => {
      announced = true;
      wake?.();
    },
  );
  const loop = async () => {
    while (!stopped) {
      announced = false;
      current = tick().then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          // The chain is down or restarting: the supervisor brings it back; say it once.
          if (!failing) logger.warn({ err: error }, 'chain state not saved; retrying');
          failing = true;
        },
      );
      await current;
      // a block announced during the dump is saved at once
      if (stopped || announced) continue;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, heads.live ? subscribedPollMs : pollMs);
      });
      clearTimeout(timer);
      wake = undefined;
    }
  };
  // the loop catches and logs each tick's failure; stop() waits for the tick under way
  void loop();
  return {
    get savedBlock() {
      return savedBlock;
    },
    async stop() {
      stopped = true;
      heads.close();
      wake?.();
      await current;
    },
  };
}
