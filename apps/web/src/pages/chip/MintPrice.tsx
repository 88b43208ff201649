import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { affordability, mintValue } from './affordability.js';
import { notEnoughEth } from './chipTexts.js';
import { formatEthUp } from './mintFailure.js';

/** How often the wallet's balance and the chain's fees are read again while the page is open. */
const REFRESH_MS = 15_000;

/**
 * Before the click (#30): the price, the gas on top (estimated at the chain's current fees), and
 * whether the connected wallet can pay both — with the amount it lacks when it cannot. A chain that
 * cannot be read says nothing here: the click then names the cause.
 */
export function MintPrice({
  chain,
  price,
  payoutAddress,
  account,
  ownerPaysGas = false,
}: {
  chain: ChainName;
  price: string;
  payoutAddress: string;
  account: string | null;
  /** A free template whose owner pays the gas (#29): the visitor's wallet pays nothing at all. */
  ownerPaysGas?: boolean;
}) {
  const config = useConfig();
  const value = mintValue(price, payoutAddress);
  const free = value === 0n;
  const funds = useQuery({
    queryKey: ['mint-affordability', chain, account, value.toString()],
    queryFn: () => affordability(config, { chainId: CHAIN_IDS[chain], account: account as Address, value }),
    enabled: account !== null && !ownerPaysGas,
    refetchInterval: REFRESH_MS,
    retry: false,
    meta: { persist: false },
  });
  const gas = funds.data ? formatEthUp(funds.data.needed - value) : null;
  if (ownerPaysGas)
    return (
      <p className="chip-price" data-testid="mint-price">
        <span>Free: the gas is paid for you</span>
      </p>
    );
  return (
    <p className="chip-price" data-testid="mint-price">
      <span>{free ? 'Free: only gas is paid' : `Price: ${price.trim()} ETH`}</span>
      {gas !== null && <span className="chip-price__gas"> + gas ≈ {gas} ETH</span>}
      {funds.data && (
        <span
          className={
            funds.data.missing > 0n ? 'chip-price__verdict chip-notice--error' : 'chip-price__verdict'
          }
          data-testid="mint-affordable"
        >
          {funds.data.missing > 0n
            ? notEnoughEth(formatEthUp(funds.data.missing))
            : `Your wallet can pay (${formatEthUp(funds.data.balance)} ETH)`}
        </span>
      )}
    </p>
  );
}
