import type { EIP1193RequestFn, Transport } from 'viem';
import { watchNewHeads, type HeadWatch } from './new-heads.js';

export interface HeadFollowingOptions {
  /** Where the node announces new blocks (`newHeads`); anvil serves it on its HTTP port. */
  wsUrl: string;
  /**
   * How long a latest block is answered from memory without an announcement. It bounds what a lost
   * announcement, or a chain that moved back without one (`evm_revert`, a restart from an older
   * state), can delay: the next ask after it goes to the node.
   */
  maxAgeMs?: number;
  now?: () => number;
  /** Tests pass their own; by default the node's `newHeads` over `wsUrl`, opened on the first ask. */
  watch?: (onHead: () => void) => HeadWatch;
}

/** Ponder's public-chain poll: a local chain is never answered staler than a public one is polled. */
export const HEAD_MAX_AGE_MS = 1000;

/**
 * Wraps a transport so that `eth_getBlockByNumber('latest')` is answered from the last answer until the
 * node announces a block. Ponder 1.0 finds new blocks only by asking for the latest one every
 * `pollingInterval` (100 ms on the local chain, so a mint's row is readable soon after its block); each
 * ask cost its process ~4.5 ms of CPU (an idle Ponder used 5.2 % of a core at 100 ms, 1.2 % at 1 s), on
 * every stack, test cluster and CI lane. With the announcement, a new block is still fetched at the
 * next poll, and an idle chain costs one request a second. While the subscription is down (the node
 * restarting, no WebSocket endpoint) every ask goes to the node, as before.
 */
export function followHeads(inner: Transport, options: HeadFollowingOptions): Transport {
  const maxAgeMs = options.maxAgeMs ?? HEAD_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const watch = options.watch ?? ((onHead) => watchNewHeads(() => options.wsUrl, onHead));
  // State shared by every client made from this transport (Ponder makes one per use).
  let heads: HeadWatch | undefined;
  /** Bumped by every announcement (and each time the subscription is made). */
  let announced = 0;
  let last: { key: string; block: unknown; announced: number; at: number } | undefined;

  return (parameters) => {
    const made = inner(parameters);
    const request = (async (args: { method: string; params?: unknown }) => {
      const params = Array.isArray(args.params) ? args.params : [];
      if (args.method !== 'eth_getBlockByNumber' || params[0] !== 'latest') return made.request(args);
      heads ??= watch(() => announced++);
      const key = JSON.stringify(params);
      if (heads.live && last?.key === key && last.announced === announced && now() - last.at < maxAgeMs) {
        return last.block;
      }
      // an announcement during the request may be of a block newer than its answer: the answer is
      // kept under the count from before, so the next ask goes to the node again
      const before = announced;
      const block: unknown = await made.request(args);
      last = { key, block, announced: before, at: now() };
      return block;
    }) as EIP1193RequestFn;
    return { ...made, request };
  };
}
