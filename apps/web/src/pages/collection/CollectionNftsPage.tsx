import { useChain } from '../../lib/useChain.js';
import { NftTemplatesTable } from '../nfts/NftTemplatesTable.js';
import { useCollectionAddress } from './CollectionArea.js';

/** `/{chain}/admin/collection/{collectionAddress}/nfts`: the collection's NFT templates. */
export function CollectionNftsPage() {
  const chain = useChain();
  const collection = useCollectionAddress();
  if (!collection) return null;
  return <NftTemplatesTable scope={{ chain, collection }} />;
}
