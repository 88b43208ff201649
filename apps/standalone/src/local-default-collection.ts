import type { Logger } from 'pino';
import { createPublicClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ensureDefaultCollection } from '@metatag/contracts/node';
import { DEFAULT_COLLECTIONS } from '@metatag/events';
import { createServiceClient, type InProcessBus } from '@metatag/nest-kit';

export interface LocalDefaultCollectionOptions {
  rpcUrl: string;
  /** The local deployer (anvil's first development key): owner of the collection. */
  deployerKey: Hex;
  relayerKey: Hex;
  locator: Address;
  /** `{public origin}` of the product: the collection's tokenURI base points at our metadata. */
  publicOrigin: string;
  stateFile: string;
}

/**
 * The local chain's default collection (spec section 5: templates without a collection mint there),
 * made at first start on the chain's locator with the relayer as minter; reused afterwards.
 */
export async function ensureLocalDefaultCollection(options: LocalDefaultCollectionOptions): Promise<string> {
  const ensured = await ensureDefaultCollection({
    rpcUrl: options.rpcUrl,
    privateKey: options.deployerKey,
    locator: options.locator,
    minter: privateKeyToAccount(options.relayerKey).address,
    metadataBase: (address) => `${options.publicOrigin}/metadata/ganache/${address.toLowerCase()}/`,
    stateFile: options.stateFile,
  });
  return ensured.address.toLowerCase();
}

/**
 * Registers the local default collection with the templates service, unless a default is configured
 * (`DEFAULT_COLLECTION_GANACHE`) or the super admin registered another one that is still on the
 * chain: the super admin's choice stands. Returns the chain's default collection.
 */
export async function registerLocalDefaultCollection(input: {
  address: string;
  rpcUrl: string;
  bus: InProcessBus;
  logger: Logger;
}): Promise<string> {
  const services = createServiceClient(
    'standalone',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 10_000 },
    input.bus,
  );
  try {
    const current = await services.send(DEFAULT_COLLECTIONS.get, { chain: 'ganache' });
    if (current.source === 'config') return current.address;
    if (current.source === 'registered' && (await hasCode(input.rpcUrl, current.address as Address)))
      return current.address;
    await services.send(DEFAULT_COLLECTIONS.set, {
      chain: 'ganache',
      address: input.address,
      name: 'MetaTag',
      symbol: 'MTAG',
      userId: null,
    });
    input.logger.info({ address: input.address }, 'default collection of ganache registered');
    return input.address;
  } finally {
    await services.close();
  }
}

async function hasCode(rpcUrl: string, address: Address): Promise<boolean> {
  const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({ address });
  return code !== undefined && code !== '0x';
}
