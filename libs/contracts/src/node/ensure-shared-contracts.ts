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
import { locatorDeployData, nftCodeDeployData, tagRelayerDeployData } from '../deploy.js';
import {
  libraryAddressLocatorAbi,
  libraryAddressLocatorDeployedBytecode,
} from '../generated/library-address-locator.js';
import { nftCodeDeployedBytecode } from '../generated/nft-code.js';
import { tagRelayerAbi, tagRelayerDeployedBytecode } from '../generated/tag-relayer.js';

export interface EnsureSharedContractsOptions {
  /** JSON-RPC URL of the chain, e.g. http://127.0.0.1:8545 (anvil). */
  rpcUrl: string;
  /** Key of the deployer; it becomes the locator's owner. */
  privateKey: Hex;
  /** JSON file that records the addresses between runs (created with its directory). */
  stateFile: string;
  /** The TagRelayer's authorizer: the address of MetaTag's relayer key (RELAYER_PRIVATE_KEY). */
  tagRelayerAuthorizer: string;
}

export interface SharedContracts {
  chainId: number;
  nftCode: Address;
  libraryAddressLocator: Address;
  /** The TagRelayer, owned by the key's account, whose authorizer is `tagRelayerAuthorizer`. */
  tagRelayer: Address;
  /** reused: the recorded contracts were fine; upgraded: new NFT code was deployed and the recorded
   * locator now points at it; deployed: both were deployed (first run, or the chain was reset).
   * (About NFT code and locator; the TagRelayer is reused whenever the recorded one still works.) */
  action: 'reused' | 'upgraded' | 'deployed';
}

interface StateFile {
  chainId: number;
  nftCode: Address;
  libraryAddressLocator: Address;
  /** Absent in records written before the TagRelayer existed. */
  tagRelayer?: Address;
}

async function readState(path: string): Promise<StateFile | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { chainId, nftCode, libraryAddressLocator, tagRelayer } = value as Record<string, unknown>;
    if (
      typeof chainId !== 'number' ||
      typeof nftCode !== 'string' ||
      typeof libraryAddressLocator !== 'string'
    ) {
      return undefined;
    }
    if (!isAddress(nftCode) || !isAddress(libraryAddressLocator)) return undefined;
    const relayer = typeof tagRelayer === 'string' && isAddress(tagRelayer) ? tagRelayer : undefined;
    return { chainId, nftCode, libraryAddressLocator, ...(relayer && { tagRelayer: relayer }) };
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

/** A TagRelayer of this build (no immutables: the same code everywhere) that `owner` still owns. */
async function isCurrentTagRelayer(client: PublicClient, address: Address, owner: Address): Promise<boolean> {
  const code = await client.getCode({ address });
  if (code?.toLowerCase() !== tagRelayerDeployedBytecode.toLowerCase()) return false;
  const current = await client.readContract({ address, abi: tagRelayerAbi, functionName: 'owner' });
  return getAddress(current) === owner;
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
 * Makes sure the chain has the shared contracts (NFT code, a library-address locator and a TagRelayer) and
 * returns their addresses. Idempotent: contracts recorded in `stateFile` are reused while the recorded locator
 * still has this build's code; when it points at NFT code that differs from this build, new NFT code is deployed
 * and the locator is pointed at it (every collection upgrades); otherwise both are deployed. The recorded
 * TagRelayer is reused while it has this build's code and is owned by the key's account (its authorizer is set
 * to `tagRelayerAuthorizer` when it differs); otherwise a new one is deployed.
 */
export async function ensureSharedContracts({
  rpcUrl,
  privateKey,
  stateFile,
  tagRelayerAuthorizer,
}: EnsureSharedContractsOptions): Promise<SharedContracts> {
  if (!isAddress(tagRelayerAuthorizer, { strict: false })) {
    throw new TypeError(`tagRelayerAuthorizer is not an address: ${tagRelayerAuthorizer}`);
  }
  const authorizer = getAddress(tagRelayerAuthorizer);
  const account = privateKeyToAccount(privateKey);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: 50 });
  const chainId = await publicClient.getChainId();
  const walletClient = createWalletClient({ account, transport });

  async function mined(hash: Hex, what: string) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${what} transaction ${hash} failed`);
    return receipt;
  }

  async function deploy(data: Hex): Promise<Address> {
    const hash = await walletClient.sendTransaction({ data, chain: null });
    const receipt = await mined(hash, 'deployment');
    if (!receipt.contractAddress) throw new Error(`deployment transaction ${hash} created no contract`);
    return getAddress(receipt.contractAddress);
  }

  /** NFT code and locator: reused, upgraded or deployed. */
  async function ensureLocator(
    recorded: StateFile | undefined,
  ): Promise<Pick<SharedContracts, 'nftCode' | 'libraryAddressLocator' | 'action'>> {
    if (
      !recorded ||
      recorded.chainId !== chainId ||
      !(await isCurrentLocator(publicClient, recorded.libraryAddressLocator))
    ) {
      const nftCode = await deploy(nftCodeDeployData().data);
      const libraryAddressLocator = await deploy(locatorDeployData(nftCode).data);
      return { nftCode, libraryAddressLocator, action: 'deployed' };
    }
    const locator = recorded.libraryAddressLocator;
    const current = await publicClient.readContract({
      address: locator,
      abi: libraryAddressLocatorAbi,
      functionName: 'implementation',
    });
    const code = await publicClient.getCode({ address: current });
    if (code?.toLowerCase() === nftCodeDeployedBytecode.toLowerCase()) {
      return { nftCode: getAddress(current), libraryAddressLocator: locator, action: 'reused' };
    }
    const nftCode = await deploy(nftCodeDeployData().data);
    const hash = await walletClient.writeContract({
      address: locator,
      abi: libraryAddressLocatorAbi,
      functionName: 'setLibraryAddress',
      args: [nftCode],
      chain: null,
    });
    await mined(hash, 'setLibraryAddress');
    return { nftCode, libraryAddressLocator: locator, action: 'upgraded' };
  }

  /** The recorded TagRelayer if it still works for us (authorizer corrected), else a new one. */
  async function ensureTagRelayer(recorded: StateFile | undefined): Promise<Address> {
    const address = recorded?.chainId === chainId ? recorded.tagRelayer : undefined;
    if (address && (await isCurrentTagRelayer(publicClient, address, account.address))) {
      const relayer = { address, abi: tagRelayerAbi } as const;
      const current = await publicClient.readContract({ ...relayer, functionName: 'authorizer' });
      if (getAddress(current) !== authorizer) {
        const hash = await walletClient.writeContract({
          ...relayer,
          functionName: 'setAuthorizer',
          args: [authorizer],
          chain: null,
        });
        await mined(hash, 'setAuthorizer');
      }
      return address;
    }
    return deploy(tagRelayerDeployData(authorizer).data);
  }

  const recorded = await readState(stateFile);
  const { action, ...locator } = await ensureLocator(recorded);
  const tagRelayer = await ensureTagRelayer(recorded);
  const result: StateFile = { chainId, ...locator, tagRelayer };
  await writeState(stateFile, result);
  return { chainId, ...locator, tagRelayer, action };
}
