import { formatEther, type Address } from 'viem';
import type { ChainName } from '../lib/chains.js';
import { shortAddress } from '../lib/format.js';

export const REPLACE_WALLET_QUESTION =
  'Create a new wallet? The key of the current built-in wallet will be deleted from this browser.';

/** What the built-in wallet holds on a chain, read through our RPC proxy; undefined where unreadable. */
export interface Holdings {
  address: Address;
  balance?: bigint;
  transactions?: number;
  /** Tokens of the chain's default collection. */
  tokens?: bigint;
}

/**
 * The question before NEW WALLET replaces a key: plain when the wallet is empty and unused; a warning
 * naming what it holds (or that it could not be read) otherwise, with the way to keep it (KEY).
 */
export function replaceQuestion(chain: ChainName, holdings: Holdings): string {
  const who = `The built-in wallet ${shortAddress(holdings.address)}`;
  const keep =
    'Creating a new wallet deletes its key from this browser: export it first (KEY in the header). Delete it and create a new wallet?';
  if (holdings.balance === undefined || holdings.transactions === undefined)
    return `${who}: its balance on ${chain} could not be read, it may hold funds or tokens. ${keep}`;
  const held: string[] = [];
  if (holdings.balance > 0n) held.push(`${formatEther(holdings.balance)} ETH`);
  if (holdings.tokens !== undefined && holdings.tokens > 0n)
    held.push(`${holdings.tokens} token${holdings.tokens === 1n ? '' : 's'} of the default collection`);
  if (held.length === 0 && holdings.transactions === 0) return REPLACE_WALLET_QUESTION;
  const parts = [
    held.length ? `holds ${held.join(' and ')} on ${chain}` : `holds no ETH on ${chain}`,
    holdings.transactions > 0
      ? `has sent ${holdings.transactions} transaction${holdings.transactions === 1 ? '' : 's'} (it may own tokens)`
      : '',
  ].filter(Boolean);
  return `${who} ${parts.join(' and ')}. ${keep}`;
}
