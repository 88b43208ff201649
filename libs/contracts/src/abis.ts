import { collectionProxyAbi } from './generated/collection-proxy.js';
import { nftCodeAbi } from './generated/nft-code.js';

export { nftCodeAbi, nftCodeBytecode, nftCodeDeployedBytecode } from './generated/nft-code.js';
export {
  libraryAddressLocatorAbi,
  libraryAddressLocatorBytecode,
  libraryAddressLocatorDeployedBytecode,
} from './generated/library-address-locator.js';
export {
  collectionProxyAbi,
  collectionProxyBytecode,
  collectionProxyDeployedBytecode,
} from './generated/collection-proxy.js';
export { tagRelayerAbi, tagRelayerBytecode, tagRelayerDeployedBytecode } from './generated/tag-relayer.js';

type NotConstructor<Entry> = Exclude<Entry, { type: 'constructor' }>;

/**
 * Everything a deployed collection answers: the NFT code's functions, events and errors, plus the
 * proxy's own (proxyAdmin, implementation, libraryAddressLocator, setOwner and the ERC-1967 events).
 * Use this ABI to read from and write to a collection address.
 */
export const collectionAbi = [
  ...nftCodeAbi.filter(
    (entry): entry is NotConstructor<(typeof nftCodeAbi)[number]> => entry.type !== 'constructor',
  ),
  ...collectionProxyAbi.filter(
    (entry): entry is NotConstructor<(typeof collectionProxyAbi)[number]> => entry.type !== 'constructor',
  ),
] as const;

/** Child tokens have the ids CHILD_ID_BASE + 1, + 2, ...; ids at or above it cannot be minted directly. */
export const CHILD_ID_BASE = 1n << 255n;

/** The largest amount one mintChildBatch call accepts. */
export const MAX_CHILD_BATCH = 500n;

/** True for the id of a child token (top bit set). */
export function isChildTokenId(tokenId: bigint): boolean {
  return tokenId > CHILD_ID_BASE;
}
