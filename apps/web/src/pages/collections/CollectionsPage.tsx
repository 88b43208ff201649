import { Link } from 'react-router';
import { buttonClassName } from '@metatag/ui';
import { collectionNftsPath, panelNftsPath } from '../../lib/adminPaths.js';
import { formatDate } from '../../lib/format.js';
import { useChain } from '../../lib/useChain.js';
import { ERROR_FETCHING_COLLECTION, NO_COLLECTIONS } from '../../lib/texts.js';
import { RequireUser } from '../../session/RequireUser.js';
import { useMyCollections } from './collectionsApi.js';
import { DeployCollectionForm } from './DeployCollectionForm.js';

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
  if (collections.data.length === 0) return <p className="muted">{NO_COLLECTIONS}</p>;
  return (
    <ul className="collections-list" aria-label="Collections">
      {collections.data.map((collection) => (
        <li key={collection.id} className="collections-list__item" data-address={collection.deployedAddress}>
          <div className="collections-list__text">
            <span className="collections-list__name">
              {collection.name} <span className="muted">({collection.symbol})</span>
            </span>
            <span className="mono collections-list__address">{collection.deployedAddress}</span>
            <span className="muted collections-list__date">{formatDate(collection.created)}</span>
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
        <CollectionsList />
        <p className="collections__panel-link">
          <Link to={panelNftsPath(chain)}>All my NFT templates on {chain}</Link>
        </p>
        <DeployCollectionForm chain={chain} />
      </section>
    </RequireUser>
  );
}
