import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatEther } from 'viem';
import { nativeSymbols } from '@metatag/contracts';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import type { ChainName } from '../../lib/chains.js';

export type LedgerKind = 'credit' | 'reservation' | 'settlement' | 'release';

/** One entry of a user's relayer ledger (`GET /json/ledger`): signed wei and the running balance. */
export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  amount: string;
  balance: string;
  reference: string | null;
  txHash: string | null;
  gasUsed: string | null;
  effectiveGasPrice: string | null;
  note: string | null;
  actorId: number | null;
  created: string;
}

export interface LedgerReply {
  /** The balance (wei): the sum of every entry. */
  item: string;
  /** The part held for transactions still out (wei). */
  held: string;
  items: LedgerEntry[];
  next: string | null;
}

export const ledgerKey = (chain: ChainName, userId?: number) => ['ledger', chain, userId ?? 'me'] as const;

/**
 * A user's relayer balance and ledger on a chain, newest first; `userId` for the super admin's view
 * of another user. Read again every few seconds while a fee is held (a mint is under way).
 */
export function useLedger(chain: ChainName, userId?: number) {
  return useQuery(
    queryOptions({
      queryKey: ledgerKey(chain, userId),
      queryFn: async ({ signal }) =>
        unwrap(await typedApi.call('ledger', { query: { chain, user: userId, limit: 100 } }, { signal })),
      refetchInterval: (query) => (query.state.data && query.state.data.held !== '0' ? 2_500 : false),
      meta: { persist: false, userScoped: true },
    }),
  );
}

/** `0.000421234567891234 ETH` — wei in the chain's native unit, exact (no rounding), with its symbol. */
export function formatNativeExact(chain: ChainName, wei: string | bigint): string {
  return `${formatEther(BigInt(wei))} ${nativeSymbols[chain]}`;
}

/**
 * `0.000421 ETH` — for reading (issue #30: not 18 decimals): at most 6 decimals (4 from 1 up), cut
 * rather than rounded so a balance never reads higher than it is; a tiny non-zero amount keeps its
 * first two significant digits. The exact value goes in the title (`formatNativeExact`).
 */
export function formatNative(chain: ChainName, wei: string | bigint): string {
  return `${shortEther(formatEther(BigInt(wei)))} ${nativeSymbols[chain]}`;
}

export function shortEther(ether: string): string {
  const [int, fraction = ''] = ether.split('.');
  const max = int.replace('-', '') === '0' ? 6 : 4;
  let kept = fraction.slice(0, max).replace(/0+$/, '');
  if (!kept && /[1-9]/.test(fraction) && max === 6) {
    const first = fraction.search(/[1-9]/);
    kept = fraction.slice(0, first + 2).replace(/0+$/, '');
  }
  return kept ? `${int}.${kept}` : int;
}

/** What each kind of entry means to the user. */
export function ledgerKindLabel(entry: Pick<LedgerEntry, 'kind' | 'amount'>): string {
  switch (entry.kind) {
    case 'credit':
      return BigInt(entry.amount) < 0n ? 'Debit by the super admin' : 'Credit by the super admin';
    case 'reservation':
      return 'Reserved for fees';
    case 'release':
      return 'Reservation released';
    case 'settlement':
      return 'Fee paid';
  }
}
