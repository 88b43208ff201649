import { useEffect } from 'react';
import { HexValue } from '../../components/HexValue.js';
import type { ChainName } from '../../lib/chains.js';
import { describeCall } from '../nfcNft/callEncoder.js';
import type { TxState } from '../../wallet/useWalletTransaction.js';
import { COMPLETE_TRANSACTION, PendingRelayPanel } from './PendingRelayPanel.js';
import { redirectWithTx, type PendingRelay } from './pendingRelay.js';

/**
 * The wallet half of a pending NFC-NFT transaction (wallet chunk: it has the collection ABI to read
 * the call): the button sends the TagRelayer call; the hash (shortened, copy button) links to the explorer at once; after the
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
  chain,
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
  /** The chain of the hash (its explorer link). */
  chain: ChainName;
  onSend: () => void;
}) {
  const decoded = describeCall(pending.data);
  const done = relayed !== null;
  useEffect(() => {
    if (relayed && pending.redirectUrl) window.location.assign(redirectWithTx(pending.redirectUrl, relayed));
  }, [relayed, pending.redirectUrl]);

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
          <HexValue value={tx.hash} kind="tx" chain={chain} />
        </p>
      )}
    </PendingRelayPanel>
  );
}
