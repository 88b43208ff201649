import { z } from 'zod';
import { defineRequest } from './define.js';

/**
 * Request/reply patterns answered by the deployer service: transaction data for the admin's browser
 * wallet (deployments, locator updates, setBase), the on-chain check behind attaching a collection,
 * contract reads, and the chains' library-address locators.
 */
export const DEPLOYER = {
  networks: 'deployer.networks',
  deployCollection: 'deployer.collection.deploy-data',
  attachCollection: 'deployer.collection.attach',
  deployNftCode: 'deployer.nft-code.deploy-data',
  deployLocator: 'deployer.locator.deploy-data',
  setLibraryAddress: 'deployer.locator.set-library-address-data',
  setBase: 'deployer.collection.set-base-data',
  setMinter: 'deployer.collection.set-minter-data',
  readContract: 'deployer.contract.read',
} as const;

const chain = z.string().min(1).max(32);
const address = z.string().regex(/^0x[0-9a-f]{40}$/, 'Invalid address');

export const networksReply = z.object({
  /** Chain name → its configured locator ('' when none). */
  libraryAddressLocators: z.record(z.string(), z.string()),
  /**
   * Chain name → the relayer's minter address ('' when the relayer does not serve the chain or does
   * not answer): a collection must have it as `minter` for manual mints and chip vouchers to work.
   */
  relayers: z.record(z.string(), z.string()),
  /** Chain name → its configured TagRelayer contract ('' when none): the network table's `relayer`. */
  tagRelayers: z.record(z.string(), z.string()),
});
export type NetworksReply = z.infer<typeof networksReply>;

export const deployCollectionRequest = z.object({
  chain,
  name: z.string().min(1).max(200),
  symbol: z.string().min(1).max(64),
  /** Empty: the chain's configured locator. */
  libraryAddress: z.union([address, z.literal('')]).default(''),
});
export const deployNftCodeRequest = z.object({ chain });
export const deployLocatorRequest = z.object({ chain, nftCodeAddress: address });
export const setLibraryAddressRequest = z.object({ chain, locator: address, nftCodeAddress: address });
export const setBaseRequest = z.object({ chain, collection: address, base: z.string().min(1).max(500) });
/** setMinter(the relayer) on a collection, for the collection owner's wallet to send. */
export const setMinterRequest = z.object({ chain, collection: address });
export const readContractRequest = z.object({ chain, address });

export const attachCollectionCheckRequest = z.object({
  chain,
  userId: z.number().int().positive(),
  /** The user's wallet: the transaction must come from it. Null for an account without a wallet. */
  userAddress: address.nullable(),
  deployedAddress: address,
  name: z.string().min(1).max(200),
  symbol: z.string().min(1).max(64),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash'),
  /** tokenURI base for the collection (the gateway's /metadata/{chain}/{collection}/). */
  metadataBase: z.string().min(1).max(500),
});

/** Transaction data for a browser wallet: no `to` creates a contract. */
export const txDataSchema = z.object({ to: address.optional(), data: z.string().regex(/^0x[0-9a-f]*$/) });
export type TxData = z.infer<typeof txDataSchema>;
export interface TxDataReply {
  ok: true;
  evm: TxData;
}
const txDataReply = z.object({ ok: z.literal(true), evm: txDataSchema });

/**
 * Transaction data deploying a TagRelayer whose authorizer is the relayer's key address on the chain
 * (503 while the relayer does not answer); the super admin's wallet sends it and becomes its owner.
 */
export const deployTagRelayer = defineRequest(
  'deployer.tag-relayer.deploy-data',
  z.object({ chain }),
  txDataReply,
);

/** What `read contract fields` shows: every field the contract answers, null where it does not. */
export const contractFieldsSchema = z.object({
  address,
  kind: z.enum(['collection', 'locator', 'nftCode', 'tagRelayer', 'unknown']),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  base: z.string().nullable(),
  owner: z.string().nullable(),
  minter: z.string().nullable(),
  libraryVersion: z.string().nullable(),
  totalSupply: z.string().nullable(),
  proxyAdmin: z.string().nullable(),
  libraryAddressLocator: z.string().nullable(),
  implementation: z.string().nullable(),
  /** A TagRelayer's authorizer (the key whose signatures it accepts). */
  authorizer: z.string().nullable(),
});
export type ContractFields = z.infer<typeof contractFieldsSchema>;
