// The deployer service alone (the medium tier, issue #31 item 5): its module on a fresh PostgreSQL
// database and a real anvil with the shared contracts, with typed stubs for the two services it asks
// (templates stores an attached collection; the relayer names its minter). The attach checks — the
// receipt, the bytecode, the locator, the name, the owner's proof — read the chain and are deployer's
// own rules, tested here; apps/standalone's collections journey keeps the browser-wallet round trip.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionDeployData, locatorDeployData } from '@metatag/contracts';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { DEPLOYER, RELAYER, TEMPLATES } from '@metatag/events';
import { startMediumTier, answer, type MediumTier } from '@metatag/nest-kit/testing';
import { deployerDefinition } from './deployer.definition.js';

const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Anvil's funded accounts 2 and 3: Alice and Bob deploy from their own wallets. */
const ALICE: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const BOB: Hex = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';
const RELAYER_MINTER = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
const dataDir = mkdtempSync(join(tmpdir(), 'deployer-medium-'));
let anvil: AnvilHandle;
let chain: PublicClient;
let tier: MediumTier;
let locator: Address;
/** What templates was asked to store: only collections that passed every check. */
const stored: string[] = [];

before(async () => {
  anvil = await startAnvil();
  chain = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: ANVIL_KEY_0,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_MINTER,
  });
  locator = shared.libraryAddressLocator.toLowerCase() as Address;
  tier = await startMediumTier(deployerDefinition, {
    env: { RPC_URL_GANACHE: anvil.url, LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator },
    stubs: [
      answer(TEMPLATES.attachCollection, (r) => {
        stored.push(r.deployedAddress);
        return {
          ok: true as const,
          item: {
            id: stored.length,
            name: r.name,
            symbol: r.symbol,
            deployedAddress: r.deployedAddress,
            chain: r.chain,
            txHash: r.txHash,
            created: new Date().toISOString(),
          },
        };
      }),
      answer(RELAYER.minters, () => ({ minters: { ganache: RELAYER_MINTER } })),
    ],
  });
});
after(async () => {
  await tier?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends transaction data as the owner's browser wallet does. */
async function send(key: Hex, tx: { to?: string; data: string }): Promise<{ hash: Hash; address: Address }> {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.url) });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address | undefined,
    data: tx.data as Hex,
    gas: tx.to ? undefined : 5_000_000n,
    chain: null,
  });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return { hash, address: (receipt.contractAddress ?? '').toLowerCase() as Address };
}

async function deploy(key: Hex, name: string, symbol: string) {
  const { evm } = await tier.client.send(DEPLOYER.deployCollection, { chain: 'ganache', name, symbol });
  return send(key, evm);
}

const wallet = (key: Hex) => privateKeyToAccount(key).address.toLowerCase();
const attach = (key: Hex, deployedAddress: string, txHash: string, name: string, symbol: string) =>
  tier.client.send(DEPLOYER.attachCollection, {
    chain: 'ganache',
    userId: key === ALICE ? 1 : 2,
    wallets: [wallet(key)],
    deployedAddress,
    name,
    symbol,
    txHash,
    metadataBase: 'https://metatag.example/metadata/ganache/',
  });
const refused = (message: string) => ({ status: 400, message });

test('forged attaches are refused: wrong tx, someone else’s collection, foreign bytecode, foreign locator, wrong name, no receipt', async () => {
  const first = await deploy(ALICE, 'First', 'ONE');
  const second = await deploy(ALICE, 'Second', 'TWO');

  await assert.rejects(
    attach(ALICE, second.address, first.hash, 'Second', 'TWO'),
    refused('The transaction did not create this contract'),
  );
  await assert.rejects(attach(BOB, second.address, second.hash, 'Second', 'TWO'), {
    status: 403,
    code: 'owner_proof_required',
  });
  await assert.rejects(
    attach(ALICE, second.address, second.hash, 'Other name', 'TWO'),
    refused('The name or symbol does not match the contract'),
  );
  // a contract that is not a collection (a locator) deployed by Alice herself, and a real collection
  // proxy on that locator of hers (it could run any code)
  const notCollection = await send(ALICE, locatorDeployData(first.address));
  await assert.rejects(
    attach(ALICE, notCollection.address, notCollection.hash, 'X', 'X'),
    refused('The contract is not a MetaTag collection'),
  );
  const off = await send(
    ALICE,
    collectionDeployData({ name: 'Off', symbol: 'OFF', libraryAddress: notCollection.address }),
  );
  await assert.rejects(
    attach(ALICE, off.address, off.hash, 'Off', 'OFF'),
    refused('The contract is not a MetaTag collection'),
  );
  await assert.rejects(
    attach(ALICE, second.address, `0x${'ab'.repeat(32)}`, 'Second', 'TWO'),
    refused('The transaction has no receipt yet'),
  );
  assert.deepEqual(stored, [], 'templates was asked to store nothing');

  // the rightful owner can: templates stores it, and the reply prepares setBase and setMinter(relayer)
  const ok = await attach(ALICE, second.address, second.hash, 'Second', 'TWO');
  assert.deepEqual(stored, [second.address]);
  assert.equal(ok.relayer, RELAYER_MINTER);
  assert.equal(ok.setMinter?.to, second.address);
  assert.equal(ok.setBase.to, second.address);
});

test('deploy data refuses unknown chains, chains without RPC and a foreign locator', async () => {
  const base = { name: 'N', symbol: 'S' };
  await assert.rejects(tier.client.send(DEPLOYER.deployCollection, { ...base, chain: 'nochain' }), {
    status: 404,
    message: 'Unknown chain nochain',
  });
  await assert.rejects(tier.client.send(DEPLOYER.deployCollection, { ...base, chain: 'mainnet' }), {
    status: 404,
    message: 'No RPC is configured for chain mainnet',
  });
  await assert.rejects(
    tier.client.send(DEPLOYER.deployCollection, {
      ...base,
      chain: 'ganache',
      libraryAddress: `0x${'11'.repeat(20)}`,
    }),
    { status: 400 },
  );
  const explicit = await tier.client.send(DEPLOYER.deployCollection, {
    ...base,
    chain: 'ganache',
    libraryAddress: locator,
  });
  assert.equal(explicit.ok, true);
});
