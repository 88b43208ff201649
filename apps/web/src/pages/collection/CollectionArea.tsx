import { Link, NavLink, Outlet, useParams } from 'react-router';
import { buttonClassName } from '@metatag/ui';
import { collectionPath, collectionsPath } from '../../lib/adminPaths.js';
import { useChain } from '../../lib/useChain.js';
import { isAddress } from '../../lib/validation.js';
import { NotFound } from '../../routes/NotFound.js';
import { RequireUser } from '../../session/RequireUser.js';
import { useMyCollections } from '../collections/collectionsApi.js';
import { HexValue } from '../../components/HexValue.js';
import './collectionArea.css';

/** The collection address of the path, lower-cased (addresses are compared lower-cased), or null. */
export function useCollectionAddress(): string | null {
  const address = useParams().address?.toLowerCase() ?? '';
  return isAddress(address) ? address : null;
}

function CollectionTitle({ address }: { address: string }) {
  const chain = useChain();
  const collections = useMyCollections(chain);
  const collection = collections.data?.find((item) => item.deployedAddress === address);
  return (
    <h1 className="page-title collection-area__title">
      {collection ? `${collection.name} (${collection.symbol})` : 'Collection'}
      <span className="collection-area__address">
        <HexValue value={address} />
      </span>
    </h1>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) => buttonClassName(isActive ? 'primary' : 'secondary');

/**
 * `/{chain}/admin/collection/{collectionAddress}/*` (spec section 2): the collection area, with the
 * NFT templates table at `nfts`, the collection's template (colours, font, logo, menu) and its scan
 * analytics (issue #20).
 */
export function CollectionArea() {
  const chain = useChain();
  const address = useCollectionAddress();
  if (!address) return <NotFound />;
  const base = collectionPath(chain, address);
  return (
    <RequireUser>
      <section className="collection-area">
        <p className="collection-area__back">
          <Link to={collectionsPath(chain)}>← Collections</Link>
        </p>
        <CollectionTitle address={address} />
        <nav className="collection-area__tabs" aria-label="Collection">
          <NavLink to={`${base}/nfts`} className={tabClass}>
            NFTs
          </NavLink>
          <NavLink to={`${base}/template`} className={tabClass}>
            Template
          </NavLink>
          <NavLink to={`${base}/analytics`} className={tabClass}>
            Scan analytics
          </NavLink>
        </nav>
        <Outlet />
      </section>
    </RequireUser>
  );
}
