import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { ADMIN_TX, useWalletTransaction } from '../../wallet/useWalletTransaction.js';
import { collectionMintersKey, prepareSetMinter } from './collectionsApi.js';

/**
 * "Make the relayer the minter": setMinter(the relayer) sent by the collection owner's wallet
 * (`POST /json/{chain}/contracts/{address}/set-minter` prepares it), then every read of the
 * collection's minter is read again. A wallet that is not the owner gets the decoded revert.
 */
export function MakeRelayerMinter({
  chain,
  address,
  label,
  offer = true,
}: {
  chain: ChainName;
  address: string;
  /** Names the transaction's status, e.g. `Relayer as minter of {name}`. */
  label: string;
  /** Whether the button is offered (the status of a sent fix stays shown without it). */
  offer?: boolean;
}) {
  const queryClient = useQueryClient();
  const fix = useWalletTransaction(chain, ADMIN_TX);
  const send = async () => {
    try {
      await fix.run(() => prepareSetMinter(chain, address));
    } catch {
      // Alerted and shown by the hook.
    } finally {
      await queryClient.invalidateQueries({ queryKey: collectionMintersKey(chain) });
    }
  };
  return (
    <>
      {offer && (
        <Button variant="secondary" onClick={() => void send()} disabled={fix.busy}>
          Make the relayer the minter
        </Button>
      )}
      <TxStatus chain={chain} state={fix.state} label={label} />
    </>
  );
}
