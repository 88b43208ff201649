// own process: its top level awaits a chain of its own, which would start while other files run
// The standalone chain restarts from anvil's state file: the chain must be recognised as the same
// one, so the index resumes in the same schema (no reindex), and Ponder must keep running on it.
// Run: node tools/test.mjs int apps/indexer
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { indexerSchema, loadConfig } from '@metatag/config';
import { createChainReader } from '@metatag/chain-index';
import { startIndexer, type RunningIndexer } from './indexer.js';
import { createTestDatabase, DEV_KEYS, eventually, freePort } from './testing/chain-world.fixture.js';

const dir = await mkdtemp(join(tmpdir(), 'indexer-local-chain-'));
const db = await createTestDatabase();
const stateFile = join(dir, 'state.json');
const reader = createChainReader(db.pool);
const account = privateKeyToAccount(DEV_KEYS[0]);
let anvil: AnvilHandle | undefined;
let indexer: RunningIndexer | undefined;

after(async () => {
  await indexer?.stop();
  await anvil?.stop();
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

async function run(collection: Address | undefined, tokenId: bigint) {
  anvil = await startAnvil({ stateFile });
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEV_KEYS[0],
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: privateKeyToAccount(DEV_KEYS[1]).address,
  });
  const transport = http(anvil.url);
  const client = createPublicClient({ transport, pollingInterval: 20 });
  const wallet = createWalletClient({ account, transport });
  if (!collection) {
    const { data } = collectionDeployData({
      name: 'Local',
      symbol: 'LOC',
      libraryAddress: shared.libraryAddressLocator,
    });
    const deployed = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data, chain: null }),
    });
    collection = getAddress(deployed.contractAddress ?? '');
  }
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'mint',
      args: [account.address, tokenId],
      chain: null,
    }),
  });
  const config = loadConfig('indexer', indexerSchema, {
    DATABASE_URL: db.url,
    RPC_URL_GANACHE: anvil.url,
    LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator,
    INDEXER_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  });
  indexer = await startIndexer({ config });
  await indexer.ready;
  const head = await client.getBlockNumber();
  await eventually(
    async () => ((await reader.indexedBlock(1337)) ?? -1n) >= head || undefined,
    'the head indexed',
  );
  return { collection, schema: indexer.schema, url: indexer.url, shared };
}

test(
  'an anvil restarted from its state file is indexed on, in the same schema',
  { timeout: 150_000 },
  async () => {
    const first = await run(undefined, 1n);
    // Several restarts: anvil 1.7 adds a genesis block to its state file on each reload (local-chain.ts).
    for (const tokenId of [2n, 3n]) {
      await indexer?.stop();
      indexer = undefined;
      await anvil?.stop(); // writes the state file
      anvil = undefined;

      const again = await run(first.collection, tokenId);
      assert.equal(again.shared.action, 'reused', 'the chain came back from its state file');
      assert.equal(again.schema, first.schema, 'same chain, same build: the index resumes');
      for (let id = 1n; id <= tokenId; id++) {
        assert.equal(await reader.ownerOf(1337, first.collection, id), account.address.toLowerCase());
      }
      const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM chain.transfers');
      assert.equal(rows[0].n, Number(tokenId), 'one row per Transfer log');
      assert.equal((await fetch(`${again.url}/ready`)).status, 200, 'Ponder still runs');
    }
  },
);
