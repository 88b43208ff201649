import type { ChainName } from '../lib/chains.js';
import { HexValue } from '../components/HexValue.js';
import type { TxState } from './useWalletTransaction.js';
import './txStatus.css';

const STEP_TEXT: Record<TxState['step'], string> = {
  idle: '',
  preparing: 'Preparing the transaction…',
  signing: 'Waiting for the wallet…',
  mining: 'Waiting for the receipt…',
  done: 'Confirmed',
  failed: 'Failed',
};

/**
 * Where a wallet transaction is: its hash as soon as it exists (spec section 4), then the created
 * contract's address, or the error. Hash and address through `HexValue` (shortened, copy, explorer
 * link; the full value in `data-value`).
 */
export function TxStatus({ chain, state, label }: { chain: ChainName; state: TxState; label: string }) {
  if (state.step === 'idle') return null;
  return (
    <dl className="tx-status" aria-label={label} data-step={state.step}>
      <dt>Status</dt>
      <dd data-testid="tx-step">{STEP_TEXT[state.step]}</dd>
      {state.hash && (
        <>
          <dt>Transaction hash</dt>
          <dd>
            <HexValue value={state.hash} kind="tx" chain={chain} testId="tx-hash" />
          </dd>
        </>
      )}
      {state.contractAddress && (
        <>
          <dt>Contract address</dt>
          <dd>
            <HexValue value={state.contractAddress.toLowerCase()} chain={chain} testId="contract-address" />
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
