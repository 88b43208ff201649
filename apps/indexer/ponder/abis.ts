// The events the indexer reads, as event-only ABIs. Ponder compiles this directory itself (vite-node),
// which does not resolve the repository's `source` export condition, so the fragments live here;
// src/abis.spec.ts checks each against the generated ABIs of @metatag/contracts.
import { parseAbi, parseAbiItem } from 'viem';

/** Emitted by the library-address locator when a collection's constructor announces itself. */
export const collectionCreatedEvent = parseAbiItem(
  'event CollectionCreated(address indexed collection, address indexed deployer)',
);

export const locatorAbi = [collectionCreatedEvent] as const;

/** What a collection (proxy + NFT code) emits that the index keeps. */
export const collectionAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event MintChild(address indexed owner, uint256 indexed child, uint256 indexed parent)',
  'event ConnectedToTag(uint256 indexed tokenId, bool status)',
  'event NewLimit(uint256 indexed tokenId, uint256 limit)',
  'event MinterChanged(address indexed previousMinter, address indexed newMinter)',
  'event Locked(uint256 tokenId)',
  'event Unlocked(uint256 tokenId)',
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
  // NFT code version 2 (#32): brand recovery and redemption.
  'event RecoveryPolicyChanged(bool allowed)',
  'event Recovered(uint256 indexed tokenId, address indexed from, address indexed to, string reason)',
  'event Redeemed(uint256 indexed tokenId, address indexed holder, bool burned)',
]);
