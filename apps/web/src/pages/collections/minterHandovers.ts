import { useSyncExternalStore } from 'react';
import type { ChainName } from '../../lib/chains.js';

/**
 * Collections whose minter the deploy form is handing to the relayer right now. Between the attach
 * and that setMinter's receipt the new collection is listed with the deploying wallet still as
 * minter; the list says nothing of it then, instead of warning that the relayer is not the minter.
 */
const pending = new Set<string>();
const listeners = new Set<() => void>();
const keyOf = (chain: ChainName, address: string) => `${chain}:${address.toLowerCase()}`;

export function setMinterHandover(chain: ChainName, address: string, underWay: boolean): void {
  const key = keyOf(chain, address);
  if (underWay === pending.has(key)) return;
  if (underWay) pending.add(key);
  else pending.delete(key);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMinterHandover(chain: ChainName, address: string): boolean {
  const underWay = () => pending.has(keyOf(chain, address));
  return useSyncExternalStore(subscribe, underWay, underWay);
}
