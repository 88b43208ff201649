import type { ReactNode } from 'react';
import { GaslessRelay } from './GaslessRelay.js';
import { weiToEth, type PendingRelay } from './pendingRelay.js';

export const PENDING_TITLE = 'Pending transaction';
export const PENDING_NOTE = 'This chip completes a transaction: send it with your wallet.';
export const PENDING_NOTE_GASLESS =
  'This chip completes a transaction: send it with your wallet, or let MetaTag complete it for you.';
export const COMPLETE_TRANSACTION = 'Complete transaction';

/**
 * What a tap of a chip with a pending NFC-NFT transaction shows instead of opening the utility URL
 * (spec section 4): the action, its value, and (in `children`) the button that sends it. `action` is
 * the decoded call once the wallet chunk (which has the ABI) is loaded.
 */
export function PendingRelayPanel({
  pending,
  action,
  tag,
  scanToken,
  children,
}: {
  pending: PendingRelay;
  action?: string;
  /** The chip and this tap's scan token: 'Complete without a wallet' presents them. */
  tag: string;
  scanToken: string | null;
  /** The wallet's button (the wallet chunk); none until a wallet is connected (the page's Connect Wallet). */
  children?: ReactNode;
}) {
  const gasless = pending.value === '0' && !!scanToken;
  return (
    <section className="chip-pending" data-testid="pending-tx" aria-labelledby="pending-tx-title">
      <h2 id="pending-tx-title" className="chip-pending__title">
        {PENDING_TITLE}
      </h2>
      <p className="chip-pending__note">{gasless ? PENDING_NOTE_GASLESS : PENDING_NOTE}</p>
      <dl className="chip-pending__facts">
        <dt>Action</dt>
        <dd className="mono" data-testid="pending-action">
          {action ?? `${pending.data.slice(0, 10)}…`}
        </dd>
        <dt>Value</dt>
        <dd data-testid="pending-value">{weiToEth(pending.value)}</dd>
      </dl>
      {children}
      {gasless && <GaslessRelay tag={tag} scanToken={scanToken} redirectUrl={pending.redirectUrl} />}
    </section>
  );
}
