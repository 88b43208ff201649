import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '../abis.js';
import { collectionDeployData } from '../deploy.js';

export interface EnsureDefaultCollectionOptions {
  /** JSON-RPC URL of the local chain. */
  rpcUrl: string;
  /** Key of the deployer; it becomes the collection's owner. */
  privateKey: Hex;
  /** The chain's library-address locator: the collection runs its NFT code. */
  locator: Address;
  /** The relayer's address: it must be the collection's minter for templates to mint there. */
  minter: Address;
  /** tokenURI base (our metadata endpoint for this collection), set when it differs. */
  metadataBase?: (collection: Address) => string;
  /** JSON file that records the collection between runs (created with its directory). */
  stateFile: string;
  name?: string;
  symbol?: string;
}

export interface DefaultCollectionResult {
  address: Address;
  /** reused: the recorded collection is still there on this locator; deployed: a new one. */
  action: 'reused' | 'deployed';
}

interface StateFile {
  chainId: number;
  locator: Address;
  address: Address;
}

async function readState(path: string): Promise<StateFile | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<Record<keyof StateFile, unknown>>;
    const { chainId, locator, address } = value;
    if (typeof chainId !== 'number' || typeof locator !== 'string' || typeof address !== 'string')
      return undefined;
    if (!isAddress(locator) || !isAddress(address)) return undefined;
    return { chainId, locator, address };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

async function writeState(path: string, state: StateFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`);
  await rename(temporary, path);
}

/**
 * The local chain's default collection (spec section 5: templates without a collection mint there):
 * deployed once on the chain's locator, its minter handed to the relayer and its tokenURI base pointed
 * at our metadata. Idempotent: a recorded collection that still runs on the same locator is reused
 * (and its minter and base corrected if they changed); otherwise a new one is deployed.
 */
export async function ensureDefaultCollection(
  options: EnsureDefaultCollectionOptions,
): Promise<DefaultCollectionResult> {
  const account = privateKeyToAccount(options.privateKey);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ account, transport });
  const chainId = await publicClient.getChainId();
  const locator = getAddress(options.locator);

  const mined = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${what} transaction ${hash} failed`);
    return receipt;
  };

  const onLocator = async (address: Address): Promise<boolean> => {
    const code = await publicClient.getCode({ address });
    if (!code || code === '0x') return false;
    try {
      const current = await publicClient.readContract({
        address,
        abi: collectionAbi,
        functionName: 'libraryAddressLocator',
      });
      return getAddress(current) === locator;
    } catch {
      return false;
    }
  };

  const recorded = await readState(options.stateFile);
  let address: Address;
  let action: DefaultCollectionResult['action'];
  if (recorded && recorded.chainId === chainId && (await onLocator(recorded.address))) {
    address = recorded.address;
    action = 'reused';
  } else {
    const { data } = collectionDeployData({
      name: options.name ?? 'MetaTag',
      symbol: options.symbol ?? 'MTAG',
      libraryAddress: locator,
    });
    const receipt = await mined(
      await walletClient.sendTransaction({ data, chain: null }),
      'default collection',
    );
    if (!receipt.contractAddress) throw new Error('the default collection deployment created no contract');
    address = getAddress(receipt.contractAddress);
    action = 'deployed';
  }

  const minter = await publicClient.readContract({ address, abi: collectionAbi, functionName: 'minter' });
  if (getAddress(minter) !== getAddress(options.minter)) {
    const hash = await walletClient.writeContract({
      address,
      abi: collectionAbi,
      functionName: 'setMinter',
      args: [getAddress(options.minter)],
      chain: null,
    });
    await mined(hash, 'setMinter');
  }
  const base = options.metadataBase?.(address);
  if (base !== undefined) {
    const current = await publicClient.readContract({ address, abi: collectionAbi, functionName: 'base' });
    if (current !== base) {
      const hash = await walletClient.writeContract({
        address,
        abi: collectionAbi,
        functionName: 'setBase',
        args: [base],
        chain: null,
      });
      await mined(hash, 'setBase');
    }
  }
  await writeState(options.stateFile, { chainId, locator, address });
  return { address, action };
}
