import type { RouteReply } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import type { ChainName } from '../../lib/chains.js';
import type { TxData } from '../../wallet/useWalletTransaction.js';

/**
 * What "read contract fields" answers (`GET /json/{chain}/contracts/{address}`): every field the
 * contract answers, null where it does not (typed by the route table).
 */
export type ContractFields = RouteReply<'readContract'>['item'];

type TxDataReply = RouteReply<'deployNftCode'>;

function txData(reply: TxDataReply): TxData {
  if (!reply.ok || !reply.evm || typeof reply.evm.data !== 'string') throw new Error('server error');
  return reply.evm;
}

/** `POST /deploy-nft-code {chain}` → transaction data creating the shared NFT code. */
export async function prepareNftCode(chain: ChainName): Promise<TxData> {
  return txData(unwrap(await typedApi.call('deployNftCode', { body: { chain } })));
}

/** `POST /deploy-library-locator {chain, nftCodeAddress}` → transaction data creating a locator. */
export async function prepareLocator(chain: ChainName, nftCodeAddress: string): Promise<TxData> {
  return txData(unwrap(await typedApi.call('deployLibraryLocator', { body: { chain, nftCodeAddress } })));
}

/**
 * `POST /deploy-tag-relayer {chain}` → transaction data creating a TagRelayer whose authorizer is
 * MetaTag's relayer key (chosen by the server); the sending wallet becomes its owner.
 */
export async function prepareTagRelayer(chain: ChainName): Promise<TxData> {
  return txData(unwrap(await typedApi.call('deployTagRelayer', { body: { chain } })));
}

/** `POST /deploy-collection` with a chosen locator (the tools do not attach it to anyone). */
export async function prepareCollection(
  chain: ChainName,
  input: { name: string; symbol: string; libraryAddress: string },
): Promise<TxData> {
  return txData(unwrap(await typedApi.call('deployCollection', { body: { chain, ...input } })));
}

/**
 * `POST /json/{chain}/contracts/{locator}/set-library-address {nftCodeAddress}` → transaction data
 * for the locator's owner: every collection on the locator then runs the given NFT code.
 */
export async function prepareSetLibraryAddress(
  chain: ChainName,
  locator: string,
  nftCodeAddress: string,
): Promise<TxData> {
  return txData(
    unwrap(
      await typedApi.call('setLibraryAddress', {
        params: { chain, address: locator },
        body: { nftCodeAddress },
      }),
    ),
  );
}

/** `GET /json/{chain}/contracts/{address}` → the fields the contract answers. */
export async function readContractFields(chain: ChainName, address: string): Promise<ContractFields> {
  return unwrap(await typedApi.call('readContract', { params: { chain, address } })).item;
}

/**
 * `{ ok, item, relayer, minter, setMinter }`: the chain's default collection as registered (spec
 * section 5: empty means default) and setMinter(the relayer) for the collection owner's wallet, null
 * when the relayer already is its minter.
 */
export type RegisterDefaultReply = RouteReply<'registerDefaultCollection'>;
export type DefaultCollectionItem = RegisterDefaultReply['item'];

/**
 * `POST /json/{chain}/default-collection {address}` (super admin): the server checks it is a MetaTag
 * collection on the chain's locator and makes it the chain's default (409 when one is configured).
 */
export async function registerDefaultCollection(
  chain: ChainName,
  address: string,
): Promise<RegisterDefaultReply> {
  return unwrap(await typedApi.call('registerDefaultCollection', { params: { chain }, body: { address } }));
}
