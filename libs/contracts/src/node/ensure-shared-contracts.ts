import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { locatorDeployData, nftCodeDeployData } from '../deploy.js';
import {
  libraryAddressLocatorAbi,
  libraryAddressLocatorDeployedBytecode,
} from '../generated/library-address-locator.js';
import { nftCodeDeployedBytecode } from '../generated/nft-code.js';

export interface EnsureSharedContractsOptions {
  /** JSON-RPC URL of the chain, e.g. http://127.0.0.1:8545 (anvil). */
  rpcUrl: string;
  /** Key of the deployer; it becomes the locator's owner. */
  privateKey: Hex;
  /** JSON file that records the addresses between runs (created with its directory). */
  stateFile: string;
}

export interface SharedContracts {
  chainId: number;
  nftCode: Address;
  libraryAddressLocator: Address;
  /** reused: the recorded contracts were fine; upgraded: new NFT code was deployed and the recorded
   * locator now points at it; deployed: both were deployed (first run, or the chain was reset). */
  action: 'reused' | 'upgraded' | 'deployed';
}

interface StateFile {
  chainId: number;
  nftCode: Address;
  libraryAddressLocator: Address;
}

async function readState(path: string): Promise<StateFile | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { chainId, nftCode, libraryAddressLocator } = value as Record<string, unknown>;
    if (
      typeof chainId !== 'number' ||
      typeof nftCode !== 'string' ||
      typeof libraryAddressLocator !== 'string'
    ) {
      return undefined;
    }
    if (!isAddress(nftCode) || !isAddress(libraryAddressLocator)) return undefined;
    return { chainId, nftCode, libraryAddressLocator };
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
 * The locator has no immutables, so its code is the same everywhere. Older locators lack
 * `registerCollection`, which every new collection calls: a collection deployed on one would revert.
 */
async function isCurrentLocator(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address });
  return code?.toLowerCase() === libraryAddressLocatorDeployedBytecode.toLowerCase();
}

/**
 * Makes sure the chain has the shared contracts (NFT code and a library-address locator) and returns
 * their addresses. Idempotent: contracts recorded in `stateFile` are reused while the recorded locator still
 * has this build's code; when it points at NFT code that differs from this build, new NFT code is deployed
 * and the locator is pointed at it (every collection upgrades); otherwise both are deployed.
 */
export async function ensureSharedContracts({
  rpcUrl,
  privateKey,
  stateFile,
}: EnsureSharedContractsOptions): Promise<SharedContracts> {
  const account = privateKeyToAccount(privateKey);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: 50 });
  const chainId = await publicClient.getChainId();
  const walletClient = createWalletClient({ account, transport });

  async function deploy(data: Hex): Promise<Address> {
    const hash = await walletClient.sendTransaction({ data, chain: null });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new Error(`deployment transaction ${hash} failed`);
    }
    return getAddress(receipt.contractAddress);
  }

  const recorded = await readState(stateFile);
  if (
    recorded &&
    recorded.chainId === chainId &&
    (await isCurrentLocator(publicClient, recorded.libraryAddressLocator))
  ) {
    const locator = recorded.libraryAddressLocator;
    const current = await publicClient.readContract({
      address: locator,
      abi: libraryAddressLocatorAbi,
      functionName: 'implementation',
    });
    const code = await publicClient.getCode({ address: current });
    if (code?.toLowerCase() === nftCodeDeployedBytecode.toLowerCase()) {
      const result: StateFile = { chainId, nftCode: getAddress(current), libraryAddressLocator: locator };
      await writeState(stateFile, result);
      return { ...result, action: 'reused' };
    }
    const nftCode = await deploy(nftCodeDeployData().data);
    const hash = await walletClient.writeContract({
      address: locator,
      abi: libraryAddressLocatorAbi,
      functionName: 'setLibraryAddress',
      args: [nftCode],
      chain: null,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`setLibraryAddress transaction ${hash} failed`);
    const result: StateFile = { chainId, nftCode, libraryAddressLocator: locator };
    await writeState(stateFile, result);
    return { ...result, action: 'upgraded' };
  }

  const nftCode = await deploy(nftCodeDeployData().data);
  const libraryAddressLocator = await deploy(locatorDeployData(nftCode).data);
  const result: StateFile = { chainId, nftCode, libraryAddressLocator };
  await writeState(stateFile, result);
  return { ...result, action: 'deployed' };
}
