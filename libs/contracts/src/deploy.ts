import { encodeDeployData, isAddress, type Address, type Hex } from 'viem';
import { collectionProxyAbi, collectionProxyBytecode } from './generated/collection-proxy.js';
import {
  libraryAddressLocatorAbi,
  libraryAddressLocatorBytecode,
} from './generated/library-address-locator.js';
import { nftCodeAbi, nftCodeBytecode } from './generated/nft-code.js';
import { tagRelayerAbi, tagRelayerBytecode } from './generated/tag-relayer.js';

/** Transaction data that deploys a contract: send it with no `to` (viem `sendTransaction({ data })`). */
export interface DeployTransaction {
  data: Hex;
}

function requireAddress(value: string, what: string): Address {
  if (!isAddress(value, { strict: false })) throw new TypeError(`${what} is not an address: ${value}`);
  return value;
}

/** Deploys the shared NFT code (one per chain; every collection runs it through the locator). */
export function nftCodeDeployData(): DeployTransaction {
  return { data: encodeDeployData({ abi: nftCodeAbi, bytecode: nftCodeBytecode }) };
}

/** Deploys a library-address locator pointing at `nftCodeAddress`; the sender becomes its owner. */
export function locatorDeployData(nftCodeAddress: string): DeployTransaction {
  const address = requireAddress(nftCodeAddress, 'nftCodeAddress');
  return {
    data: encodeDeployData({
      abi: libraryAddressLocatorAbi,
      bytecode: libraryAddressLocatorBytecode,
      args: [address],
    }),
  };
}

export interface CollectionDeployParams {
  name: string;
  symbol: string;
  /** The library-address locator of the chain. */
  libraryAddress: string;
}

/** Deploys a collection; the sender becomes its proxy admin, owner and minter. */
export function collectionDeployData({
  name,
  symbol,
  libraryAddress,
}: CollectionDeployParams): DeployTransaction {
  const locator = requireAddress(libraryAddress, 'libraryAddress');
  return {
    data: encodeDeployData({
      abi: collectionProxyAbi,
      bytecode: collectionProxyBytecode,
      args: [name, symbol, locator],
    }),
  };
}

/**
 * Deploys a TagRelayer whose `authorizer` is `authorizerAddress` (MetaTag's relayer key); the sender
 * becomes its owner (who may change the authorizer).
 */
export function tagRelayerDeployData(authorizerAddress: string): DeployTransaction {
  const authorizer = requireAddress(authorizerAddress, 'authorizerAddress');
  return {
    data: encodeDeployData({ abi: tagRelayerAbi, bytecode: tagRelayerBytecode, args: [authorizer] }),
  };
}
