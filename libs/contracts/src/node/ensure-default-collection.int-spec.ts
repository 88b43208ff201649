import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '../index.js';
import { ensureDefaultCollection, ensureSharedContracts, startAnvil, type AnvilHandle } from '../node.js';

// Anvil's first and second development keys: the deployer (collection owner) and "the relayer".
const devKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const relayer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

describe('ensureDefaultCollection against anvil', () => {
  let anvil: AnvilHandle;
  let dir: string;
  let locator: Address;

  before(async () => {
    anvil = await startAnvil();
    dir = await mkdtemp(join(tmpdir(), 'metatag-default-'));
    locator = (
      await ensureSharedContracts({
        rpcUrl: anvil.url,
        privateKey: devKey,
        stateFile: join(dir, 'shared.json'),
        tagRelayerAuthorizer: relayer.address,
      })
    ).libraryAddressLocator;
  });
  after(async () => {
    await anvil?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const read = (address: Address, functionName: 'minter' | 'base' | 'owner' | 'libraryAddressLocator') =>
    createPublicClient({ transport: http(anvil.url) }).readContract({
      address,
      abi: collectionAbi,
      functionName,
    });

  test('deploys once on the locator with the relayer as minter and our metadata base; then reuses it', async () => {
    const stateFile = join(dir, 'default.json');
    const options = {
      rpcUrl: anvil.url,
      privateKey: devKey,
      locator,
      minter: relayer.address,
      metadataBase: (address: Address) => `http://localhost:3000/metadata/ganache/${address.toLowerCase()}/`,
      stateFile,
    };
    const first = await ensureDefaultCollection(options);
    assert.equal(first.action, 'deployed');
    assert.equal(await read(first.address, 'minter'), relayer.address);
    assert.equal(await read(first.address, 'libraryAddressLocator'), locator);
    assert.equal(await read(first.address, 'owner'), privateKeyToAccount(devKey).address);
    assert.equal(
      await read(first.address, 'base'),
      `http://localhost:3000/metadata/ganache/${first.address.toLowerCase()}/`,
    );

    // the owner handed minting to someone else: the next start gives it back to the relayer
    const owner = createWalletClient({ account: privateKeyToAccount(devKey), transport: http(anvil.url) });
    const hash = await owner.writeContract({
      address: first.address,
      abi: collectionAbi,
      functionName: 'setMinter',
      args: [privateKeyToAccount(devKey).address],
      chain: null,
    });
    await createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash });
    const again = await ensureDefaultCollection(options);
    assert.deepEqual(again, { address: first.address, action: 'reused' });
    assert.equal(await read(first.address, 'minter'), relayer.address);

    // another locator (a reset chain, new shared contracts): a new collection on it
    const other = await ensureSharedContracts({
      rpcUrl: anvil.url,
      privateKey: devKey,
      stateFile: join(dir, 'other-shared.json'),
      tagRelayerAuthorizer: relayer.address,
    });
    const moved = await ensureDefaultCollection({ ...options, locator: other.libraryAddressLocator });
    assert.equal(moved.action, 'deployed');
    assert.notEqual(moved.address, first.address);
    assert.equal(getAddress(await read(moved.address, 'libraryAddressLocator')), other.libraryAddressLocator);
  });
});
