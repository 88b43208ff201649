import { Inject, Injectable } from '@nestjs/common';
import { parseTransaction, type Hex } from 'viem';
import {
  chainIds,
  collectionProxyBytecode,
  libraryAddressLocatorBytecode,
  nftCodeBytecode,
  tagRelayerBytecode,
  type ChainName,
} from '@metatag/contracts';
import { DEFAULT_COLLECTIONS, DEPLOYER, TEMPLATES } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { SERVICES } from '../tokens.js';

/** Contract creations we broadcast: our own contracts' init code (constructor arguments follow it). */
const OUR_INIT_CODE = [
  collectionProxyBytecode,
  libraryAddressLocatorBytecode,
  nftCodeBytecode,
  tagRelayerBytecode,
].map((code) => code.toLowerCase());
const NETWORK_TTL_MS = 30_000;

export const FOREIGN_TRANSACTION = 'Only transactions to MetaTag contracts are relayed';

/**
 * What the public RPC proxy broadcasts (`eth_sendRawTransaction`): transactions for this chain (EIP-155
 * chain id, so none can be replayed elsewhere) that deploy one of our contracts or call one: the
 * chain's TagRelayer, its library locator, its default collection, a collection attached to an
 * account, or the relayer's minter address (funding it). Anything else is someone using our node key
 * as a free broadcast service, and is refused.
 */
@Injectable()
export class RawTransactionPolicy {
  private network: { at: number; value: Promise<Set<string>> } | undefined;

  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  async assertOurs(chain: ChainName, raw: unknown): Promise<void> {
    const tx = parse(raw);
    if (tx.chainId !== chainIds[chain])
      throw new AppError('foreign_transaction', `The transaction is not signed for chain ${chain}`, 400);
    if (!tx.to) {
      const data = (tx.data ?? '0x').toLowerCase();
      if (OUR_INIT_CODE.some((code) => data.startsWith(code))) return;
      throw new AppError('foreign_transaction', FOREIGN_TRANSACTION, 400);
    }
    const to = tx.to.toLowerCase();
    if ((await this.networkAddresses(chain)).has(to)) return;
    const known = await this.services
      .send(TEMPLATES.getCollection, { chain, address: to })
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return false;
        throw error;
      });
    if (!known) throw new AppError('foreign_transaction', FOREIGN_TRANSACTION, 400);
  }

  /** The chain's TagRelayer, locator, minter and default collection, cached briefly. */
  private networkAddresses(chain: ChainName): Promise<Set<string>> {
    const now = Date.now();
    if (!this.network || now - this.network.at > NETWORK_TTL_MS) {
      const value = Promise.all([
        this.services.send(DEPLOYER.networks, {}),
        this.services.send(DEFAULT_COLLECTIONS.list, {}),
      ]).then(([networks, defaults]) => {
        const all = new Set<string>();
        const add = (chainName: string, address: string | undefined) => {
          if (address) all.add(`${chainName}:${address.toLowerCase()}`);
        };
        for (const [name, address] of Object.entries(networks.libraryAddressLocators)) add(name, address);
        for (const [name, address] of Object.entries(networks.relayers)) add(name, address);
        for (const [name, address] of Object.entries(networks.tagRelayers)) add(name, address);
        for (const item of defaults.items) add(item.chain, item.address);
        return all;
      });
      value.catch(() => (this.network = undefined));
      this.network = { at: now, value };
    }
    return this.network.value.then(
      (all) =>
        new Set([...all].filter((k) => k.startsWith(`${chain}:`)).map((k) => k.slice(chain.length + 1))),
    );
  }
}

function parse(raw: unknown): ReturnType<typeof parseTransaction> {
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw) || raw.length > 262_146)
    throw new AppError('invalid_transaction', 'The signed transaction is not valid', 400);
  try {
    return parseTransaction(raw as Hex);
  } catch {
    throw new AppError('invalid_transaction', 'The signed transaction is not valid', 400);
  }
}
