import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address, Hex } from 'viem';
import { useConfig } from 'wagmi';
import { signMessage } from 'wagmi/actions';
import { resaleCancelMessage } from '@metatag/api-types';
import type { useWalletTransaction } from '../../wallet/useWalletTransaction.js';
import { sameAddress } from './chipActions.js';
import type { ChiplinkTokenState } from './chipApi.js';
import { waitForOwner } from './gaslessClaim.js';
import { isDue, postResale, resaleQuery, resaleTime, type ResaleBody } from './resale.js';
import { useToast } from './Toasts.js';

export interface ResaleActionsProps {
  id: string;
  token: ChiplinkTokenState | null | undefined;
  /** This visit's verified tap: its scan token (null without one). */
  jwt: string | null;
  tapped: boolean;
  address: string | null;
  busy: boolean;
  tx: ReturnType<typeof useWalletTransaction>;
  onTransaction: (hash: string) => void;
  onChanged: () => Promise<void>;
}

/**
 * Resale by the chip (issue #32 item 2), for a wallet on a tapped chip page: someone who is not the
 * owner asks for the item ('Ask for this item'), then completes once the wait is over with a later tap
 * ('Complete the transfer': the signed transfer from their wallet, or the relayer's when the owner pays
 * gas); the owner, tapping the chip with their wallet, may cancel the claim.
 */
export function ResaleActions(props: ResaleActionsProps) {
  const { id, token, jwt, tapped, address, busy, tx, onTransaction, onChanged } = props;
  const config = useConfig();
  const notify = useToast();
  const queryClient = useQueryClient();
  const status = useQuery(resaleQuery(id));
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!status.data?.enabled || !tapped || !address || !token?.owner) return null;
  const claim = status.data.claim?.status === 'pending' ? status.data.claim : null;
  const isOwner = sameAddress(token.owner, address);

  const send = async (body: ResaleBody) => {
    setWorking(true);
    setFailure(null);
    try {
      const reply = await postResale(id, body, jwt);
      if (!reply.ok) throw new Error(reply.errorMessage);
      if (reply.transfer) {
        const { data, value, nft } = reply.transfer;
        const receipt = await tx.run(async () => ({
          to: nft.collection as Address,
          data: data as Hex,
          value,
        }));
        onTransaction(receipt.transactionHash);
        notify('Confirmed', 'success');
      } else if (reply.relayed) {
        const moved = await waitForOwner('chip', id, address);
        if (!moved) throw new Error('The transfer is on its way. Reload the page in a minute');
        if (moved.txHash) onTransaction(moved.txHash);
        notify('Confirmed', 'success');
      } else notify(body.action === 'cancel' ? 'Resale claim cancelled' : 'Resale claim opened', 'success');
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : 'server error';
      setFailure(text);
      notify(text, 'error');
    } finally {
      setWorking(false);
      await queryClient.invalidateQueries({ queryKey: ['resale', id] });
      await onChanged();
    }
  };

  const cancel = async () => {
    const timestamp = Date.now();
    const signature = await signMessage(config, {
      account: address as Address,
      message: resaleCancelMessage(id, timestamp),
    }).catch(() => null);
    if (signature) await send({ action: 'cancel', address: address.toLowerCase(), signature, timestamp });
  };

  const disabled = busy || working;
  return (
    <div className="chip-resale-actions" data-testid="resale-actions">
      {isOwner && claim && (
        <button type="button" className="chip-button" disabled={disabled} onClick={() => void cancel()}>
          Cancel the resale claim
        </button>
      )}
      {!isOwner && !claim && !token.locked && (
        <button
          type="button"
          className="chip-button"
          disabled={disabled}
          onClick={() => void send({ action: 'open', to: address.toLowerCase() })}
        >
          Ask for this item
        </button>
      )}
      {!isOwner && claim && (
        <button
          type="button"
          className="chip-button"
          disabled={disabled || !isDue(claim, Date.now())}
          onClick={() => void send({ action: 'complete', to: address.toLowerCase() })}
        >
          {isDue(claim, Date.now())
            ? 'Complete the transfer'
            : `Complete the transfer after ${resaleTime(claim.dueAt)}`}
        </button>
      )}
      {failure && (
        <p className="chip-notice chip-notice--error" role="alert" data-testid="resale-failed">
          {failure}
        </p>
      )}
    </div>
  );
}
