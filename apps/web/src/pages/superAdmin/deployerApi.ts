import { api, unwrap } from '../../lib/api.js';
import type { ChainName } from '../../lib/chains.js';
import type { TxData } from '../../wallet/useWalletTransaction.js';

/**
 * What "read contract fields" answers (`GET /json/{chain}/contracts/{address}`): every field the
 * contract answers, null where it does not. (The server's type lives in libs/events, which the
 * browser may not import; this mirrors it.)
 */
export interface ContractFields {
  address: string;
  kind: 'collection' | 'locator' | 'nftCode' | 'tagRelayer' | 'unknown';
  name: string | null;
  symbol: string | null;
  base: string | null;
  owner: string | null;
  minter: string | null;
  libraryVersion: string | null;
  totalSupply: string | null;
  proxyAdmin: string | null;
  libraryAddressLocator: string | null;
  implementation: string | null;
  /** A TagRelayer's authorizer. */
  authorizer: string | null;
}

interface TxDataReply {
  ok: boolean;
  evm: TxData;
}

function txData(reply: TxDataReply): TxData {
  if (!reply.ok || !reply.evm || typeof reply.evm.data !== 'string') throw new Error('server error');
  return reply.evm;
}

/** `POST /deploy-nft-code {chain}` → transaction data creating the shared NFT code. */
export async function prepareNftCode(chain: ChainName): Promise<TxData> {
  return txData(unwrap(await api.post<TxDataReply>('/deploy-nft-code', { chain })));
}

/** `POST /deploy-library-locator {chain, nftCodeAddress}` → transaction data creating a locator. */
export async function prepareLocator(chain: ChainName, nftCodeAddress: string): Promise<TxData> {
  return txData(unwrap(await api.post<TxDataReply>('/deploy-library-locator', { chain, nftCodeAddress })));
}

/**
 * `POST /deploy-tag-relayer {chain}` → transaction data creating a TagRelayer whose authorizer is
 * MetaTag's relayer key (chosen by the server); the sending wallet becomes its owner.
 */
export async function prepareTagRelayer(chain: ChainName): Promise<TxData> {
  return txData(unwrap(await api.post<TxDataReply>('/deploy-tag-relayer', { chain })));
}

/** `POST /deploy-collection` with a chosen locator (the tools do not attach it to anyone). */
export async function prepareCollection(
  chain: ChainName,
  input: { name: string; symbol: string; libraryAddress: string },
): Promise<TxData> {
  return txData(unwrap(await api.post<TxDataReply>('/deploy-collection', { chain, ...input })));
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
      await api.post<TxDataReply>(`/json/${chain}/contracts/${locator}/set-library-address`, {
        nftCodeAddress,
      }),
    ),
  );
}

/** `GET /json/{chain}/contracts/{address}` → the fields the contract answers. */
export async function readContractFields(chain: ChainName, address: string): Promise<ContractFields> {
  return unwrap(await api.get<{ ok: boolean; item: ContractFields }>(`/json/${chain}/contracts/${address}`))
    .item;
}

/** A chain's default collection as registered or configured (spec section 5: empty means default). */
export interface DefaultCollectionItem {
  chain: string;
  address: string;
  source: 'config' | 'registered' | 'none';
  name: string;
  symbol: string;
}

export interface RegisterDefaultReply {
  ok: true;
  item: DefaultCollectionItem;
  relayer: string;
  minter: string;
  /** setMinter(the relayer) for the collection owner's wallet; null when the relayer already is. */
  setMinter: TxData | null;
}

/**
 * `POST /json/{chain}/default-collection {address}` (super admin): the server checks it is a MetaTag
 * collection on the chain's locator and makes it the chain's default (409 when one is configured).
 */
export async function registerDefaultCollection(
  chain: ChainName,
  address: string,
): Promise<RegisterDefaultReply> {
  return unwrap(await api.post<RegisterDefaultReply>(`/json/${chain}/default-collection`, { address }));
}
