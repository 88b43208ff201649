import { useEffect } from 'react';
import { describeCall } from '../nfcNft/callEncoder.js';
import type { TxState } from '../../wallet/useWalletTransaction.js';
import { COMPLETE_TRANSACTION, PendingRelayPanel } from './PendingRelayPanel.js';
import { redirectWithTx, type PendingRelay } from './pendingRelay.js';

/**
 * The wallet half of a pending NFC-NFT transaction (wallet chunk: it has the collection ABI to read
 * the call): the button sends the TagRelayer call; the hash links to the explorer at once; after the
 * receipt the page goes to `redirectUrl?tx={hash}`, or keeps showing the hash without a redirectUrl.
 */
export function PendingRelayAction({
  pending,
  tag,
  scanToken,
  connected,
  busy,
  tx,
  relayed,
  txUrl,
  onSend,
}: {
  pending: PendingRelay;
  tag: string;
  scanToken: string | null;
  connected: boolean;
  busy: boolean;
  tx: TxState;
  /** The relay's hash once confirmed and reported: the page moves on to redirectUrl. */
  relayed: string | null;
  txUrl?: (hash: string) => string | undefined;
  onSend: () => void;
}) {
  const decoded = describeCall(pending.data);
  const done = relayed !== null;
  useEffect(() => {
    if (relayed && pending.redirectUrl) window.location.assign(redirectWithTx(pending.redirectUrl, relayed));
  }, [relayed, pending.redirectUrl]);
  const href = tx.hash ? txUrl?.(tx.hash) : undefined;

  return (
    <PendingRelayPanel
      pending={pending}
      action={decoded.ok ? decoded.text : undefined}
      tag={tag}
      scanToken={done ? null : scanToken}
    >
      {!done && connected && (
        <div className="chip-actions">
          <button type="button" className="chip-button chip-button--mint" disabled={busy} onClick={onSend}>
            {COMPLETE_TRANSACTION}
          </button>
        </div>
      )}
      {tx.hash && (
        <p className="chip-pending__hash" data-testid="pending-tx-hash">
          {done ? 'Completed: ' : 'Sent: '}
          {href ? (
            <a className="mono" href={href} target="_blank" rel="noreferrer">
              {tx.hash}
            </a>
          ) : (
            <span className="mono">{tx.hash}</span>
          )}
        </p>
      )}
    </PendingRelayPanel>
  );
}
