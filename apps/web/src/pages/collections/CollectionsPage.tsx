import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonClassName } from '@metatag/ui';
import { collectionNftsPath, panelNftsPath } from '../../lib/adminPaths.js';
import type { ChainName } from '../../lib/chains.js';
import { formatDate } from '../../lib/format.js';
import { useNetwork } from '../../lib/networks.js';
import { useChain } from '../../lib/useChain.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ERROR_FETCHING_COLLECTION, NO_COLLECTIONS } from '../../lib/texts.js';
import { RequireUser } from '../../session/RequireUser.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { ADMIN_TX, useWalletTransaction } from '../../wallet/useWalletTransaction.js';
import {
  collectionBasesKey,
  prepareSetBase,
  useCollectionBase,
  useCollectionMinter,
  useMyCollections,
  type Collection,
} from './collectionsApi.js';
import { RelayerBalance } from '../ledger/RelayerBalance.js';
import { MakeRelayerMinter } from './MakeRelayerMinter.js';
import { DeployCollectionForm } from './DeployCollectionForm.js';
import { RecoverTokenForm } from './RecoverTokenForm.js';
import { useMinterHandover } from './minterHandovers.js';
import { WalletLink } from './WalletLink.js';
import { Overview } from '../overview/Overview.js';
import { HexValue } from '../../components/HexValue.js';
import './collections.css';

/**
 * Whether MetaTag's relayer can mint in the collection: it must be the collection's `minter` (read
 * from the chain), otherwise manual mints and chip mints fail. If not, the owner's wallet can fix it
 * with setMinter(the relayer). Nothing is shown while either address is unknown, or while the deploy
 * form's own setMinter is under way.
 */
function MinterStatus({ chain, collection }: { chain: ChainName; collection: Collection }) {
  const { data: network } = useNetwork(chain);
  const minter = useCollectionMinter(chain, collection.deployedAddress);
  const handover = useMinterHandover(chain, collection.deployedAddress);
  const relayer = network?.minter?.toLowerCase() ?? '';
  const mismatch = !handover && relayer !== '' && minter.data !== undefined && minter.data !== relayer;
  const [shown, setShown] = useState(false);
  if (mismatch && !shown) setShown(true);
  if (!mismatch && !shown) return null;
  return (
    <div className="collections-list__minter" data-testid="minter-status">
      {mismatch && (
        <p className="mt-error-text" data-testid="minter-warning">
          MetaTag’s relayer (<HexValue value={relayer} chain={chain} />) is not the minter of this collection
          (the minter is <HexValue value={minter.data} chain={chain} />
          ): manual mints and chip mints will fail.
        </p>
      )}
      <MakeRelayerMinter
        chain={chain}
        address={collection.deployedAddress}
        label={`Relayer as minter of ${collection.name}`}
        offer={mismatch}
      />
    </div>
  );
}

/**
 * "Set metadata address" for any collection, not only right after its deployment: the owner's wallet
 * points the collection's tokenURI base at MetaTag's metadata (wallets and marketplaces then show
 * its tokens). The current base is read from the chain.
 */
function MetadataAddress({ chain, collection }: { chain: ChainName; collection: Collection }) {
  const queryClient = useQueryClient();
  const base = useCollectionBase(chain, collection.deployedAddress);
  const tx = useWalletTransaction(chain, ADMIN_TX);
  const send = async () => {
    try {
      await tx.run(() => prepareSetBase(chain, collection.deployedAddress));
    } catch {
      // Alerted and shown by the hook.
    } finally {
      await queryClient.invalidateQueries({ queryKey: collectionBasesKey(chain) });
    }
  };
  return (
    <div className="collections-list__base">
      <span className="muted">
        Metadata address:{' '}
        <span className="mono" data-testid="collection-base">
          {base.data === undefined ? '…' : base.data || 'not set'}
        </span>
      </span>
      <Button variant="secondary" onClick={() => void send()} disabled={tx.busy}>
        Set metadata address
      </Button>
      <TxStatus chain={chain} state={tx.state} label={`Metadata address of ${collection.name}`} />
    </div>
  );
}

function CollectionsList() {
  const chain = useChain();
  const collections = useMyCollections(chain);
  if (collections.isPending) return <div className="page-loading" aria-busy="true" />;
  if (collections.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {ERROR_FETCHING_COLLECTION}
      </p>
    );
  }
  if (collections.data.length === 0)
    return (
      <EmptyState title={NO_COLLECTIONS} testId="collections-empty">
        <a href="#deploy-collection">Deploy a collection</a> to mint into a contract of your own.
      </EmptyState>
    );
  return (
    <ul className="collections-list" aria-label="Collections">
      {collections.data.map((collection) => (
        <li key={collection.id} className="collections-list__item" data-address={collection.deployedAddress}>
          <div className="collections-list__text">
            <span className="collections-list__name">
              {collection.name} <span className="muted">({collection.symbol})</span>
            </span>
            <span className="collections-list__address">
              <HexValue value={collection.deployedAddress} chain={chain} />
            </span>
            <span className="muted collections-list__date">{formatDate(collection.created)}</span>
            <MinterStatus chain={chain} collection={collection} />
            <MetadataAddress chain={chain} collection={collection} />
          </div>
          <Link
            className={buttonClassName('secondary')}
            to={collectionNftsPath(chain, collection.deployedAddress)}
            aria-label={`See Collection ${collection.name}`}
          >
            See Collection
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/{chain}/admin/collections` (spec section 2): the signed-in user's collections on the chain,
 * each with a "See Collection" link, and the deployment of a new one.
 */
export function CollectionsPage() {
  const chain = useChain();
  return (
    <RequireUser>
      <section className="collections" aria-labelledby="collections-title">
        <h1 id="collections-title" className="page-title">
          Collections
        </h1>
        <Overview chain={chain} />
        <CollectionsList />
        <p className="collections__panel-link">
          <Link to={panelNftsPath(chain)}>All my NFT templates on {chain}</Link>
        </p>
        <WalletLink chain={chain} />
        <DeployCollectionForm chain={chain} />
        <RecoverTokenForm chain={chain} />
        <RelayerBalance chain={chain} />
      </section>
    </RequireUser>
  );
}
