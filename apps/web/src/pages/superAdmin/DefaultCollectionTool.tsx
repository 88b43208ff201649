import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@metatag/ui';
import { HexValue } from '../../components/HexValue.js';
import type { ChainName } from '../../lib/chains.js';
import { networksQuery, type NetworkEntry } from '../../lib/networks.js';
import { isAddress } from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import {
  TransactionAbortedError,
  ADMIN_TX,
  useWalletTransaction,
} from '../../wallet/useWalletTransaction.js';
import { useCollectionMinter } from '../collections/collectionsApi.js';
import { MakeRelayerMinter } from '../collections/MakeRelayerMinter.js';
import { CollectionNameFields, useCollectionNameFields } from './CollectionNameFields.js';
import { ConfirmPanel } from './ConfirmPanel.js';
import { AddressField, Tool } from './ToolParts.js';
import { prepareCollection, registerDefaultCollection } from './deployerApi.js';

type Plan = { kind: 'deploy'; name: string; symbol: string } | { kind: 'existing'; address: string };

function MinterOfDefault({
  chain,
  address,
  relayer,
}: {
  chain: ChainName;
  address: string;
  relayer: string;
}) {
  const minter = useCollectionMinter(chain, address);
  if (!relayer || minter.data === undefined || minter.data === relayer) return null;
  return (
    <div className="collections-list__minter" data-testid="default-minter-warning">
      <p className="mt-error-text">
        MetaTag’s relayer is not the minter of the default collection (the minter is{' '}
        <HexValue value={minter.data} chain={chain} />
        ): templates without a collection cannot mint.
      </p>
      <MakeRelayerMinter
        chain={chain}
        address={address}
        label="Relayer as minter of the default collection"
      />
    </div>
  );
}

/**
 * The chain's default collection (spec section 5: templates without a collection mint there). A
 * configured one (`DEFAULT_COLLECTION_<CHAIN>`) is only shown; otherwise the super admin deploys a new
 * one on the chain's locator or names an existing MetaTag collection, and the server checks it before
 * it becomes the default. Replacing a default is confirmed first: it moves every template without a
 * collection. The relayer is then made its minter by the wallet that owns it.
 */
export function DefaultCollectionTool({
  chain,
  network,
}: {
  chain: ChainName;
  network: NetworkEntry | null;
}) {
  const queryClient = useQueryClient();
  const names = useCollectionNameFields();
  const [existing, setExisting] = useState('');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [status, setStatus] = useState<{ error?: string; done?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const deploy = useWalletTransaction(chain, ADMIN_TX);
  const minter = useWalletTransaction(chain, ADMIN_TX);
  const current = network?.defaultCollection ?? '';
  const source = network?.defaultCollectionSource ?? 'none';
  const locator = network?.library_address_locator || '';
  const relayer = network?.minter?.toLowerCase() ?? '';
  const key = `DEFAULT_COLLECTION_${chain.toUpperCase()}`;

  const carryOut = async (chosen: Plan) => {
    setBusy(true);
    setStatus(null);
    deploy.reset();
    minter.reset();
    try {
      let address = chosen.kind === 'existing' ? chosen.address : '';
      if (chosen.kind === 'deploy') {
        const receipt = await deploy.run(
          () =>
            prepareCollection(chain, { name: chosen.name, symbol: chosen.symbol, libraryAddress: locator }),
          { createsContract: true },
        );
        if (!receipt.contractAddress) throw new Error('The transaction created no contract');
        address = receipt.contractAddress.toLowerCase();
      }
      const reply = await registerDefaultCollection(chain, address);
      await queryClient.invalidateQueries({ queryKey: networksQuery.queryKey });
      setStatus({ done: `${reply.item.address} is the default collection of ${chain}.` });
      names.reset();
      setExisting('');
      if (reply.setMinter) {
        const tx = reply.setMinter;
        await minter.run(async () => tx).catch(() => undefined);
      }
    } catch (error) {
      if (!(error instanceof TransactionAbortedError)) {
        const message = errorDetail(error) ?? 'server error';
        setStatus({ error: message });
        window.alert(message);
      }
    } finally {
      setBusy(false);
    }
  };

  /** Replacing a default moves every template without a collection: that is confirmed first. */
  const choose = (chosen: Plan) => (current ? setPlan(chosen) : void carryOut(chosen));

  const submitDeploy = (event: FormEvent) => {
    event.preventDefault();
    if (names.valid && locator) choose({ kind: 'deploy', ...names.values });
  };
  const submitExisting = (event: FormEvent) => {
    event.preventDefault();
    if (isAddress(existing)) choose({ kind: 'existing', address: existing });
  };

  return (
    <Tool title="Default collection">
      <p className="muted">
        Templates without a collection mint into the default collection of {chain}:{' '}
        {current ? (
          <HexValue value={current} chain={chain} testId="default-collection" />
        ) : (
          <span data-testid="default-collection">none</span>
        )}
        {source === 'config' && ` (configured by ${key})`}
        {source === 'registered' && ' (registered by a super admin or at first start)'}.
      </p>
      {current && <MinterOfDefault chain={chain} address={current} relayer={relayer} />}
      {source === 'config' ? (
        <p className="muted">It is configured by the operator: change {key} to replace it.</p>
      ) : (
        <>
          <form
            className="deploy-tool__form"
            onSubmit={submitDeploy}
            aria-label="Deploy a new default collection"
          >
            <CollectionNameFields fields={names} />
            <Button type="submit" disabled={busy || plan !== null || !names.valid || !locator}>
              Deploy the default collection
            </Button>
          </form>
          <form
            className="deploy-tool__form"
            onSubmit={submitExisting}
            aria-label="Use an existing collection"
          >
            <AddressField
              label="Or an existing collection on the locator"
              value={existing}
              onChange={setExisting}
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={busy || plan !== null || !isAddress(existing)}
            >
              Make it the default
            </Button>
          </form>
        </>
      )}
      {plan && (
        <ConfirmPanel
          title={`Replace the default collection of ${chain}?`}
          confirmLabel="Confirm the new default collection"
          onConfirm={() => {
            const chosen = plan;
            setPlan(null);
            // carryOut shows each step's outcome (or failure) in the tool
            void carryOut(chosen);
          }}
          onCancel={() => setPlan(null)}
        >
          <p data-testid="default-change">
            Every template without a collection on {chain} will mint into{' '}
            {plan.kind === 'deploy' ? (
              <>
                a new collection “{plan.name}” ({plan.symbol})
              </>
            ) : (
              <span className="mono">{plan.address}</span>
            )}{' '}
            instead of <span className="mono">{current}</span>. Tokens minted before stay in the old
            collection, and chips or links waiting for their token will mint it in the new one.
          </p>
        </ConfirmPanel>
      )}
      <TxStatus chain={chain} state={deploy.state} label="Default collection deployment" />
      {status?.done && (
        <p className="notice" role="status">
          {status.done}
        </p>
      )}
      {status?.error && (
        <p className="mt-error-text" role="alert">
          {status.error}
        </p>
      )}
      <TxStatus chain={chain} state={minter.state} label="Relayer as minter of the new default collection" />
    </Tool>
  );
}
