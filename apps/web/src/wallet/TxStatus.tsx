import type { ChainName } from '../lib/chains.js';
import { addressExplorerUrl, txExplorerUrl, useNetwork } from '../lib/networks.js';
import type { TxState } from './useWalletTransaction.js';

const STEP_TEXT: Record<TxState['step'], string> = {
  idle: '',
  preparing: 'Preparing the transaction…',
  signing: 'Waiting for the wallet…',
  mining: 'Waiting for the receipt…',
  done: 'Confirmed',
  failed: 'Failed',
};

/** A value with an explorer link when the chain has an explorer (ganache has none). */
export function ExplorerValue({ value, href, testId }: { value: string; href?: string; testId?: string }) {
  return href ? (
    <a className="mono" href={href} target="_blank" rel="noreferrer" data-testid={testId}>
      {value}
    </a>
  ) : (
    <span className="mono" data-testid={testId}>
      {value}
    </span>
  );
}

/**
 * Where a wallet transaction is: its hash as soon as it exists (spec section 4), then the created
 * contract's address, or the error.
 */
export function TxStatus({ chain, state, label }: { chain: ChainName; state: TxState; label: string }) {
  const { data: network } = useNetwork(chain);
  if (state.step === 'idle') return null;
  return (
    <dl className="tx-status" aria-label={label} data-step={state.step}>
      <dt>Status</dt>
      <dd data-testid="tx-step">{STEP_TEXT[state.step]}</dd>
      {state.hash && (
        <>
          <dt>Transaction hash</dt>
          <dd>
            <ExplorerValue value={state.hash} href={txExplorerUrl(network, state.hash)} testId="tx-hash" />
          </dd>
        </>
      )}
      {state.contractAddress && (
        <>
          <dt>Contract address</dt>
          <dd>
            <ExplorerValue
              value={state.contractAddress.toLowerCase()}
              href={addressExplorerUrl(network, state.contractAddress)}
              testId="contract-address"
            />
          </dd>
        </>
      )}
      {state.error && (
        <>
          <dt>Error</dt>
          <dd className="mt-error-text">{state.error}</dd>
        </>
      )}
    </dl>
  );
}
