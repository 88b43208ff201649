import { Inject, Injectable } from '@nestjs/common';
import { parseTransaction, type Hex } from 'viem';
import {
  chainIds,
  collectionProxyBytecode,
  collectionProxyDeployedBytecode,
  libraryAddressLocatorBytecode,
  libraryAddressLocatorDeployedBytecode,
  nftCodeBytecode,
  nftCodeDeployedBytecode,
  tagRelayerBytecode,
  tagRelayerDeployedBytecode,
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
/** Runtime code of our contracts without immutables: any deployment of them is ours. */
const OUR_RUNTIME_CODE = new Set(
  [libraryAddressLocatorDeployedBytecode, nftCodeDeployedBytecode, tagRelayerDeployedBytecode].map((code) =>
    code.toLowerCase(),
  ),
);
const NETWORK_TTL_MS = 30_000;

export const FOREIGN_TRANSACTION = 'Only transactions to MetaTag contracts are relayed';

interface ChainAddresses {
  /** TagRelayer, locator, relayer minter and default collection of each chain, lower-cased. */
  known: Map<string, Set<string>>;
  locators: Map<string, string>;
}

/**
 * What the public RPC proxy broadcasts (`eth_sendRawTransaction`): transactions for this chain (EIP-155
 * chain id, so none can be replayed elsewhere) that deploy one of our contracts or call one: the
 * chain's TagRelayer, its library locator, its default collection, the relayer's minter address
 * (funding it), a collection attached to an account, or any contract whose code on chain is ours (a
 * collection on the chain's locator, a locator, NFT code or TagRelayer deployed with the tools).
 * Anything else is someone using our node as a free broadcast service, and is refused.
 */
@Injectable()
export class RawTransactionPolicy {
  private network: { at: number; value: Promise<ChainAddresses> } | undefined;

  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  /** `rpc` reads the contract's code when nothing else tells it is ours. */
  async assertOurs(
    chain: ChainName,
    raw: unknown,
    rpc: (method: string, params: unknown[]) => Promise<unknown>,
  ) {
    const tx = parse(raw);
    if (tx.chainId !== chainIds[chain])
      throw new AppError('foreign_transaction', `The transaction is not signed for chain ${chain}`, 400);
    if (!tx.to) {
      const data = (tx.data ?? '0x').toLowerCase();
      if (OUR_INIT_CODE.some((code) => data.startsWith(code))) return;
      throw new AppError('foreign_transaction', FOREIGN_TRANSACTION, 400);
    }
    const to = tx.to.toLowerCase();
    const network = await this.addresses();
    if (network.known.get(chain)?.has(to)) return;
    if (await this.attached(chain, to)) return;
    const code = await rpc('eth_getCode', [to, 'latest']).catch(() => undefined);
    if (typeof code === 'string' && isOurCode(code, network.locators.get(chain))) return;
    throw new AppError('foreign_transaction', FOREIGN_TRANSACTION, 400);
  }

  private attached(chain: ChainName, address: string): Promise<boolean> {
    return this.services
      .send(TEMPLATES.getCollection, { chain, address })
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return false;
        throw error;
      });
  }

  /** The chains' TagRelayers, locators, minters and default collections, cached briefly. */
  private addresses(): Promise<ChainAddresses> {
    const now = Date.now();
    if (!this.network || now - this.network.at > NETWORK_TTL_MS) {
      const value = Promise.all([
        this.services.send(DEPLOYER.networks, {}),
        this.services.send(DEFAULT_COLLECTIONS.list, {}),
      ]).then(([networks, defaults]): ChainAddresses => {
        const known = new Map<string, Set<string>>();
        const add = (chain: string, address: string | undefined) => {
          if (!address) return;
          const set = known.get(chain) ?? new Set<string>();
          set.add(address.toLowerCase());
          known.set(chain, set);
        };
        for (const [chain, address] of Object.entries(networks.libraryAddressLocators)) add(chain, address);
        for (const [chain, address] of Object.entries(networks.relayers)) add(chain, address);
        for (const [chain, address] of Object.entries(networks.tagRelayers)) add(chain, address);
        for (const item of defaults.items) add(item.chain, item.address);
        const locators = new Map(
          Object.entries(networks.libraryAddressLocators)
            .filter(([, address]) => address)
            .map(([chain, address]) => [chain, address.toLowerCase()]),
        );
        return { known, locators };
      });
      value.catch(() => (this.network = undefined));
      this.network = { at: now, value };
    }
    return this.network.value;
  }
}

/** Our runtime code; a collection proxy is ours when the locator it names is the chain's. */
function isOurCode(code: string, locator: string | undefined): boolean {
  const actual = code.toLowerCase();
  if (OUR_RUNTIME_CODE.has(actual)) return true;
  if (!locator) return false;
  // the proxy's one immutable is its locator: zeroed, the code is the build's runtime code exactly
  const slot = `000000000000000000000000${locator.slice(2)}`;
  return (
    actual.includes(slot) &&
    actual.split(slot).join('0'.repeat(64)) === collectionProxyDeployedBytecode.toLowerCase()
  );
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
