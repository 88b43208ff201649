import { z } from 'zod';
import {
  ADDRESS_PATTERN,
  attachCollectionReply,
  deadlineSchema,
  txDataReply as txDataRouteReply,
} from '@metatag/api-types';
import { emptyRequest } from './common.js';
import { defineRequest } from './define.js';

const chain = z.string().min(1).max(32);
const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');

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
  /** The account's wallets (sign-in address, linked wallet): one of them must own the collection… */
  wallets: z.array(address).max(4),
  /** …or the owner signed the EIP-712 AttachCollection message for this account. */
  ownerSignature: z
    .object({
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature'),
      deadline: deadlineSchema,
    })
    .optional(),
  deployedAddress: address,
  name: z.string().min(1).max(200),
  symbol: z.string().min(1).max(64),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash'),
  /** tokenURI base for the collection (the gateway's /metadata/{chain}/{collection}/). */
  metadataBase: z.string().min(1).max(500),
});

/** Transaction data for a browser wallet (no `to` creates a contract): libs/api-types' route schema. */
export const txDataSchema = txDataRouteReply.shape.evm;
export type TxData = z.infer<typeof txDataSchema>;
export const txDataReply = txDataRouteReply;
export type TxDataReply = z.infer<typeof txDataReply>;

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

export const readContractReply = contractFieldsSchema;

/** What attaching a collection answers: the record, and the transactions that finish its setup. */
/** libs/api-types' route reply: one schema for the message and the route. */
export const attachCollectionCheckReply = attachCollectionReply;
export type AttachCollectionCheckReply = z.infer<typeof attachCollectionCheckReply>;

/**
 * Request/reply messages answered by the deployer service: transaction data for the admin's browser
 * wallet (deployments, locator updates, setBase), the on-chain check behind attaching a collection,
 * contract reads, and the chains' library-address locators.
 */
export const DEPLOYER = {
  networks: defineRequest('deployer.networks', emptyRequest, networksReply),
  deployCollection: defineRequest('deployer.collection.deploy-data', deployCollectionRequest, txDataReply),
  attachCollection: defineRequest(
    'deployer.collection.attach',
    attachCollectionCheckRequest,
    attachCollectionCheckReply,
  ),
  deployNftCode: defineRequest('deployer.nft-code.deploy-data', deployNftCodeRequest, txDataReply),
  deployLocator: defineRequest('deployer.locator.deploy-data', deployLocatorRequest, txDataReply),
  setLibraryAddress: defineRequest(
    'deployer.locator.set-library-address-data',
    setLibraryAddressRequest,
    txDataReply,
  ),
  setBase: defineRequest('deployer.collection.set-base-data', setBaseRequest, txDataReply),
  setMinter: defineRequest('deployer.collection.set-minter-data', setMinterRequest, txDataReply),
  readContract: defineRequest('deployer.contract.read', readContractRequest, readContractReply),
  deployTagRelayer,
} as const;
