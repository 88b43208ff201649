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
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  collectionAbi,
  collectionDeployData,
  encodeMintSigned,
  libraryAddressLocatorAbi,
  locatorDeployData,
  nftCodeDeployedBytecode,
  signMintVoucher,
} from '../index.js';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '../node.js';

// Anvil's first development key.
const devKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const dev = privateKeyToAccount(devKey);

describe('ensureSharedContracts against anvil', () => {
  let anvil: AnvilHandle;
  let dir: string;
  let stateFile: string;

  before(async () => {
    anvil = await startAnvil();
    dir = await mkdtemp(join(tmpdir(), 'metatag-contracts-'));
    stateFile = join(dir, 'nested', 'contracts.json');
  });

  after(async () => {
    await anvil?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('deploys NFT code and a locator once, then reuses them', async () => {
    const first = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
    assert.equal(first.action, 'deployed');
    assert.equal(first.chainId, 1337);
    const client = createPublicClient({ transport: http(anvil.url) });
    assert.equal(await client.getCode({ address: first.nftCode }), nftCodeDeployedBytecode);
    const locator = { address: first.libraryAddressLocator, abi: libraryAddressLocatorAbi } as const;
    assert.equal(await client.readContract({ ...locator, functionName: 'implementation' }), first.nftCode);
    assert.equal(await client.readContract({ ...locator, functionName: 'owner' }), dev.address);
    assert.deepEqual(JSON.parse(await readFile(stateFile, 'utf8')), {
      chainId: 1337,
      nftCode: first.nftCode,
      libraryAddressLocator: first.libraryAddressLocator,
    });

    const again = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
    assert.deepEqual(again, { ...first, action: 'reused' });
  });

  test('a browser-style flow works on the deployed contracts: deploy a collection, sign and send a mint', async () => {
    const shared = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
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
    const shared = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
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

    const upgraded = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
    assert.equal(upgraded.action, 'upgraded');
    assert.equal(upgraded.libraryAddressLocator, oldLocator);
    assert.equal(await client.getCode({ address: upgraded.nftCode }), nftCodeDeployedBytecode);
    const locator = { address: oldLocator, abi: libraryAddressLocatorAbi } as const;
    assert.equal(await client.readContract({ ...locator, functionName: 'implementation' }), upgraded.nftCode);
    assert.equal(await client.readContract({ ...locator, functionName: 'libraryVersion' }), 2n);
    const again = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
    assert.equal(again.action, 'reused');
  });

  test('deploys again when the record is unreadable, for another chain, or the chain was reset', async () => {
    await writeFile(stateFile, '{ not json');
    const fromGarbage = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
    assert.equal(fromGarbage.action, 'deployed');

    const record = JSON.parse(await readFile(stateFile, 'utf8')) as Record<string, unknown>;
    await writeFile(stateFile, JSON.stringify({ ...record, chainId: 1 }));
    assert.equal(
      (await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile })).action,
      'deployed',
    );

    await writeFile(stateFile, JSON.stringify({ ...record, nftCode: 'nope' }));
    assert.equal(
      (await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile })).action,
      'deployed',
    );

    // A fresh chain: the recorded addresses have no code any more.
    await anvil.stop();
    anvil = await startAnvil();
    const afterReset = await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile });
    assert.equal(afterReset.action, 'deployed');
    assert.equal(
      (await ensureSharedContracts({ rpcUrl: anvil.url, privateKey: devKey, stateFile })).action,
      'reused',
    );
  });
});
