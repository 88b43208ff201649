import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  collectionAbi,
  collectionDeployData,
  encodeMintSigned,
  encodeTagRelayerExecute,
  libraryAddressLocatorAbi,
  locatorDeployData,
  nftCodeDeployedBytecode,
  signMintVoucher,
  signTagRelayerAuthorization,
  tagRelayerAbi,
  tagRelayerDeployData,
  tagRelayerDeployedBytecode,
} from '../index.js';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '../node.js';

// Anvil's first development key.
const devKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const dev = privateKeyToAccount(devKey);
// The relayer's key (anvil's account #1): the TagRelayer's authorizer.
const relayerKey = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

describe('ensureSharedContracts against anvil', () => {
  let anvil: AnvilHandle;
  let dir: string;
  let stateFile: string;

  before(async () => {
    anvil = await startAnvil();
    dir = await mkdtemp(join(tmpdir(), 'metatag-contracts-'));
    stateFile = join(dir, 'nested', 'contracts.json');
  });

  const options = (authorizer: Address = relayerKey.address) => ({
    rpcUrl: anvil.url,
    privateKey: devKey,
    stateFile,
    tagRelayerAuthorizer: authorizer,
  });

  after(async () => {
    await anvil?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('deploys NFT code and a locator once, then reuses them', async () => {
    const first = await ensureSharedContracts(options());
    assert.equal(first.action, 'deployed');
    assert.equal(first.chainId, 1337);
    const client = createPublicClient({ transport: http(anvil.url) });
    assert.equal(await client.getCode({ address: first.nftCode }), nftCodeDeployedBytecode);
    const locator = { address: first.libraryAddressLocator, abi: libraryAddressLocatorAbi } as const;
    assert.equal(await client.readContract({ ...locator, functionName: 'implementation' }), first.nftCode);
    assert.equal(await client.readContract({ ...locator, functionName: 'owner' }), dev.address);
    assert.equal(await client.getCode({ address: first.tagRelayer }), tagRelayerDeployedBytecode);
    const relayer = { address: first.tagRelayer, abi: tagRelayerAbi } as const;
    assert.equal(await client.readContract({ ...relayer, functionName: 'owner' }), dev.address);
    assert.equal(await client.readContract({ ...relayer, functionName: 'authorizer' }), relayerKey.address);
    assert.deepEqual(JSON.parse(await readFile(stateFile, 'utf8')), {
      chainId: 1337,
      nftCode: first.nftCode,
      libraryAddressLocator: first.libraryAddressLocator,
      tagRelayer: first.tagRelayer,
    });

    const again = await ensureSharedContracts(options());
    assert.deepEqual(again, { ...first, action: 'reused' });
  });

  test('a browser-style flow works on the deployed contracts: deploy a collection, sign and send a mint', async () => {
    const shared = await ensureSharedContracts(options());
    const transport = http(anvil.url);
    const wallet = createWalletClient({ account: dev, transport });
    const client = createPublicClient({ transport, pollingInterval: 50 });
    const { data } = collectionDeployData({
      name: 'Chips',
      symbol: 'CHP',
      libraryAddress: shared.libraryAddressLocator,
    });
    const deployed = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data, chain: null }),
    });
    assert.ok(deployed.contractAddress);
    const collection = getAddress(deployed.contractAddress);
    const read = { address: collection, abi: collectionAbi } as const;
    assert.equal(await client.readContract({ ...read, functionName: 'name' }), 'Chips');
    assert.equal(await client.readContract({ ...read, functionName: 'implementation' }), shared.nftCode);

    const buyer: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const block = await client.getBlock();
    const voucher = {
      to: buyer,
      tokenId: 77n,
      price: 0n,
      payoutAddress: zeroAddress,
      disallowTransfers: false,
      deadline: block.timestamp + 600n,
    };
    const signature = await signMintVoucher(dev, { chainId: 1337, collection }, voucher);
    const minted = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({
        to: collection,
        data: encodeMintSigned(voucher, signature),
        chain: null,
      }),
    });
    assert.equal(minted.status, 'success');
    assert.equal(await client.readContract({ ...read, functionName: 'ownerOf', args: [77n] }), buyer);
  });

  test('points the recorded locator at this build when it runs other code', async () => {
    const shared = await ensureSharedContracts(options());
    const transport = http(anvil.url);
    const wallet = createWalletClient({ account: dev, transport });
    const client = createPublicClient({ transport, pollingInterval: 50 });
    // A locator whose "NFT code" is some other contract (here: the shared locator).
    const { data } = locatorDeployData(shared.libraryAddressLocator);
    const mined = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data, chain: null }),
    });
    assert.ok(mined.contractAddress);
    const oldLocator = getAddress(mined.contractAddress);
    const oldState = {
      chainId: 1337,
      nftCode: shared.libraryAddressLocator,
      libraryAddressLocator: oldLocator,
    };
    await writeFile(stateFile, JSON.stringify(oldState));

    const upgraded = await ensureSharedContracts(options());
    assert.equal(upgraded.action, 'upgraded');
    assert.equal(upgraded.libraryAddressLocator, oldLocator);
    assert.equal(await client.getCode({ address: upgraded.nftCode }), nftCodeDeployedBytecode);
    const locator = { address: oldLocator, abi: libraryAddressLocatorAbi } as const;
    assert.equal(await client.readContract({ ...locator, functionName: 'implementation' }), upgraded.nftCode);
    assert.equal(await client.readContract({ ...locator, functionName: 'libraryVersion' }), 2n);
    const again = await ensureSharedContracts(options());
    assert.equal(again.action, 'reused');
  });

  test('keeps the TagRelayer across runs, follows a new relayer key, and replaces one it does not own', async () => {
    const first = await ensureSharedContracts(options());
    const client = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
    const relayer = { address: first.tagRelayer, abi: tagRelayerAbi } as const;

    // Another relayer key: the same contract, its authorizer changed by the owner (the dev key).
    const otherKey = privateKeyToAccount(generatePrivateKey());
    const moved = await ensureSharedContracts(options(otherKey.address));
    assert.equal(moved.tagRelayer, first.tagRelayer);
    assert.equal(await client.readContract({ ...relayer, functionName: 'authorizer' }), otherKey.address);
    assert.equal((await ensureSharedContracts(options())).tagRelayer, first.tagRelayer);
    assert.equal(await client.readContract({ ...relayer, functionName: 'authorizer' }), relayerKey.address);

    // A record from before the TagRelayer: NFT code and locator reused, a TagRelayer deployed.
    const { tagRelayer: _dropped, ...older } = JSON.parse(await readFile(stateFile, 'utf8')) as Record<
      string,
      unknown
    >;
    await writeFile(stateFile, JSON.stringify(older));
    const upgradedRecord = await ensureSharedContracts(options());
    assert.equal(upgradedRecord.action, 'reused');
    assert.equal(upgradedRecord.libraryAddressLocator, first.libraryAddressLocator);
    assert.notEqual(upgradedRecord.tagRelayer, first.tagRelayer);
    assert.equal(await client.getCode({ address: upgradedRecord.tagRelayer }), tagRelayerDeployedBytecode);

    // A recorded TagRelayer someone else owns cannot be steered: a new one is deployed.
    const stranger = createWalletClient({ account: relayerKey, transport: http(anvil.url) });
    const foreign = await client.waitForTransactionReceipt({
      hash: await stranger.sendTransaction({
        data: tagRelayerDeployData(relayerKey.address).data,
        chain: null,
      }),
    });
    assert.ok(foreign.contractAddress);
    const record = JSON.parse(await readFile(stateFile, 'utf8')) as Record<string, unknown>;
    await writeFile(
      stateFile,
      JSON.stringify({ ...record, tagRelayer: getAddress(foreign.contractAddress) }),
    );
    const replaced = await ensureSharedContracts(options());
    assert.notEqual(replaced.tagRelayer, getAddress(foreign.contractAddress));
    assert.equal(
      await client.readContract({ address: replaced.tagRelayer, abi: tagRelayerAbi, functionName: 'owner' }),
      dev.address,
    );
    await assert.rejects(ensureSharedContracts(options('0x1234')), TypeError);
  });

  test('the TagRelayer runs a relayed paid mint on the chain: value forwarded to the payout, scan id used once', async () => {
    const shared = await ensureSharedContracts(options());
    const transport = http(anvil.url);
    const wallet = createWalletClient({ account: dev, transport });
    const client = createPublicClient({ transport, pollingInterval: 50 });
    const { data } = collectionDeployData({
      name: 'Relayed',
      symbol: 'RLY',
      libraryAddress: shared.libraryAddressLocator,
    });
    const deployed = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data, chain: null }),
    });
    assert.ok(deployed.contractAddress);
    const collection = getAddress(deployed.contractAddress);
    const payout = privateKeyToAccount(generatePrivateKey()).address;
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const deadline = (await client.getBlock()).timestamp + 600n;
    const voucher = {
      to: buyer,
      tokenId: 88n,
      price: 12_345n,
      payoutAddress: payout,
      disallowTransfers: false,
      deadline,
    };
    // The pending transaction: a minter-signed mint (anyone may submit it), paid through the relayer.
    const pending = {
      scanId: keccak256(toHex('anvil scan')),
      target: collection,
      data: encodeMintSigned(voucher, await signMintVoucher(dev, { chainId: 1337, collection }, voucher)),
      value: voucher.price,
      deadline,
    };
    const authorization = await signTagRelayerAuthorization(
      relayerKey,
      { chainId: 1337, relayer: shared.tagRelayer },
      pending,
    );
    const send = async () =>
      client.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({
          to: shared.tagRelayer,
          data: encodeTagRelayerExecute(pending, authorization),
          value: pending.value,
          chain: null,
        }),
      });
    const ran = await send();
    assert.equal(ran.status, 'success');
    const [event] = parseEventLogs({
      abi: tagRelayerAbi,
      logs: ran.logs,
      eventName: 'PendingTransactionExecuted',
    });
    assert.deepEqual(event?.args, {
      scanId: pending.scanId,
      target: collection,
      sender: dev.address,
      value: pending.value,
      dataHash: keccak256(pending.data),
    });
    const read = { address: collection, abi: collectionAbi } as const;
    assert.equal(await client.readContract({ ...read, functionName: 'ownerOf', args: [88n] }), buyer);
    assert.equal(await client.getBalance({ address: payout }), pending.value);
    assert.equal(await client.getBalance({ address: shared.tagRelayer }), 0n);
    // The same authorization again: refused by the contract with ScanIdUsed.
    await assert.rejects(
      client.simulateContract({
        address: shared.tagRelayer,
        abi: tagRelayerAbi,
        functionName: 'execute',
        args: [pending.target, pending.data, pending.value, pending.deadline, pending.scanId, authorization],
        value: pending.value,
        account: dev.address,
      }),
      (error: Error) =>
        error.message.includes(`ScanIdUsed(bytes32 scanId)`) && error.message.includes(pending.scanId),
    );
  });

  test('deploys again when the record is unreadable, for another chain, or the chain was reset', async () => {
    await writeFile(stateFile, '{ not json');
    const fromGarbage = await ensureSharedContracts(options());
    assert.equal(fromGarbage.action, 'deployed');

    const record = JSON.parse(await readFile(stateFile, 'utf8')) as Record<string, unknown>;
    await writeFile(stateFile, JSON.stringify({ ...record, chainId: 1 }));
    assert.equal((await ensureSharedContracts(options())).action, 'deployed');

    await writeFile(stateFile, JSON.stringify({ ...record, nftCode: 'nope' }));
    assert.equal((await ensureSharedContracts(options())).action, 'deployed');

    // A fresh chain: the recorded addresses have no code any more.
    await anvil.stop();
    anvil = await startAnvil();
    const afterReset = await ensureSharedContracts(options());
    assert.equal(afterReset.action, 'deployed');
    assert.equal((await ensureSharedContracts(options())).action, 'reused');
  });
});
