// Shared by the Hardhat tests and the gas benchmark: viem clients over Hardhat's in-process network,
// deployment from the compiled artifacts (instrumented ones under solidity-coverage), fixtures and
// revert assertions that check custom error names and arguments.
import assert from 'node:assert/strict';
import hre from 'hardhat';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  decodeErrorResult,
  getAddress,
  getContract,
  parseEventLogs,
  type Abi,
  type Address,
  type ContractConstructorArgs,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { hardhat } from 'viem/chains';
import {
  collectionAbi,
  collectionDeployData,
  collectionProxyBytecode,
  libraryAddressLocatorAbi,
  nftCodeAbi,
  tagRelayerAbi,
  type VoucherTarget,
} from '@metatag/contracts';

const transport = custom(hre.network.provider, { retryCount: 0 });

export const chain = hardhat;
export const publicClient = createPublicClient({ chain, transport });
export const testClient = createTestClient({ chain, transport, mode: 'hardhat' });
export const walletClient = createWalletClient({ chain, transport });

/** Hardhat's default accounts come from this mnemonic, so tests also have their keys for signing. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

/** The unlocked Hardhat accounts: [deployer, minter, alice, bob, carol, ...]. */
export async function accounts(): Promise<Address[]> {
  return (await walletClient.getAddresses()).map((a) => getAddress(a));
}

/** The receipt of a mined transaction (Hardhat mines every transaction at once). */
export async function receipt(hash: Promise<Hash> | Hash): Promise<TransactionReceipt> {
  const result = await publicClient.getTransactionReceipt({ hash: await hash });
  assert.equal(result.status, 'success');
  return result;
}

/** Deploys a compiled contract from its artifact and returns its address and receipt. */
export async function deployArtifact<const abi extends Abi>(
  name: string,
  abi: abi,
  args: ContractConstructorArgs<abi>,
  from: Address,
): Promise<{ address: Address; receipt: TransactionReceipt }> {
  const artifact = await hre.artifacts.readArtifact(name);
  const hash = await walletClient.deployContract({
    abi,
    bytecode: artifact.bytecode as Hex,
    args,
    account: from,
  } as Parameters<typeof walletClient.deployContract>[0]);
  const mined = await receipt(hash);
  assert.ok(mined.contractAddress);
  return { address: getAddress(mined.contractAddress), receipt: mined };
}

/** A contract instance that reads, and writes as `account`. */
export function contractAt<const abi extends Abi>(abi: abi, address: Address, account: Address) {
  const wallet = createWalletClient({ chain, transport, account });
  return getContract({ abi, address, client: { public: publicClient, wallet } });
}

export type Collection = ReturnType<typeof contractAt<typeof collectionAbi>>;

export interface SharedDeployment {
  nftCode: Address;
  locator: Address;
}

/** Deploys the NFT code and a locator owned by `owner`. */
export async function deployShared(owner: Address): Promise<SharedDeployment> {
  const { address: nftCode } = await deployArtifact('NFTCode', nftCodeAbi, [], owner);
  const { address: locator } = await deployArtifact(
    'LibraryAddressLocator',
    libraryAddressLocatorAbi,
    [nftCode],
    owner,
  );
  return { nftCode, locator };
}

/** Deploys a collection through the locator; `owner` becomes proxy admin, owner and minter. */
export async function deployCollection(
  locator: Address,
  owner: Address,
  name = 'MetaTag Test',
  symbol = 'MTT',
): Promise<{ address: Address; receipt: TransactionReceipt }> {
  const artifact = await hre.artifacts.readArtifact('CollectionProxy');
  // The deploy helper's data starts with the committed bytecode; swap in the (maybe instrumented) artifact.
  const { data } = collectionDeployData({ name, symbol, libraryAddress: locator });
  const args = data.slice(collectionProxyBytecode.length);
  const hash = await walletClient.sendTransaction({
    account: owner,
    data: `${artifact.bytecode as Hex}${args}`,
  });
  const mined = await receipt(hash);
  assert.ok(mined.contractAddress);
  return { address: getAddress(mined.contractAddress), receipt: mined };
}

export function target(collection: Address, chainId: number = chain.id): VoucherTarget {
  return { chainId, collection };
}

/** The timestamp of the latest block. */
export async function now(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

/**
 * Runs `build` once, then snapshots the chain; every later call reverts to that snapshot. Use one
 * fixture per describe block to start each test from the same state quickly.
 */
export function fixture<T>(build: () => Promise<T>): () => Promise<T> {
  let state: { value: T; snapshot: Hex } | undefined;
  return async () => {
    if (state) {
      await testClient.revert({ id: state.snapshot });
      // the snapshot's latest block is as old as the snapshot, but the next block is stamped with the
      // clock: a block mined now makes `now()`-relative deadlines (`later(60)`) start from the present
      // (a long suite, e.g. under coverage, otherwise expired them before they were sent)
      await testClient.mine({ blocks: 1 });
      state.snapshot = await testClient.snapshot();
      return state.value;
    }
    const value = await build();
    state = { value, snapshot: await testClient.snapshot() };
    return value;
  };
}

const errorAbi = [...collectionAbi, ...libraryAddressLocatorAbi, ...tagRelayerAbi];

/** The revert data somewhere in an error's cause chain (Hardhat attaches it to its SolidityError). */
function revertDataOf(error: unknown): Hex | undefined {
  for (let cause = error, depth = 0; cause && depth < 10; depth++) {
    const { data } = cause as { data?: unknown };
    if (typeof data === 'string' && data.startsWith('0x') && data.length >= 10) return data as Hex;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The raw revert data of a failed call or transaction, whether or not an ABI knows its error. */
export function rawRevertOf(error: unknown): Hex {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.raw) return reverted.raw;
  }
  const data = revertDataOf(error);
  if (!data) throw error;
  return data;
}

/** The custom error a failed call or transaction reverted with. */
export function revertOf(error: unknown): { errorName: string; args: readonly unknown[] } {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
      return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
    }
  }
  const data = revertDataOf(error);
  if (!data) throw error;
  const decoded = decodeErrorResult({ abi: errorAbi, data });
  return { errorName: decoded.errorName, args: decoded.args ?? [] };
}

/** Asserts that `action` reverts with the custom error `errorName` (and `args`, when given). */
export async function expectRevert(
  action: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
): Promise<void> {
  let failure: unknown;
  try {
    await action;
  } catch (error) {
    failure = error;
  }
  if (failure === undefined) assert.fail(`expected a revert with ${errorName}`);
  const revert = revertOf(failure);
  assert.equal(revert.errorName, errorName);
  if (args) assert.deepEqual(revert.args, args);
}

/** The decoded events of a receipt (collection, proxy and locator events). */
export function eventsOf(mined: TransactionReceipt): { eventName: string; args: Record<string, unknown> }[] {
  const abi = [...collectionAbi, ...libraryAddressLocatorAbi];
  return parseEventLogs({ abi, logs: mined.logs }).map((log) => ({
    eventName: log.eventName,
    args: log.args as Record<string, unknown>,
  }));
}

/** The events named `eventName`, with their arguments. */
export function eventArgs(mined: TransactionReceipt, eventName: string): Record<string, unknown>[] {
  return eventsOf(mined)
    .filter((event) => event.eventName === eventName)
    .map((event) => event.args);
}

export { collectionAbi, nftCodeAbi, libraryAddressLocatorAbi, tagRelayerAbi };
