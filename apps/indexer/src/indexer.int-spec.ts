// The indexer against a real anvil, a real PostgreSQL and a real Ponder process: collections
// announced through the locator are found, their events land in the stable views, and a restart or
// a new build neither loses nor double-counts anything.
// Run: node tools/test.mjs int apps/indexer
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, parseAbiItem, type Address } from 'viem';
import { CHILD_ID_BASE, libraryAddressLocatorAbi } from '@metatag/contracts';
import {
  createChainReader,
  initialCursor,
  type ChainReader,
  type IndexedTransfer,
} from '@metatag/chain-index';
import { startIndexer, type IndexerLogEntry, type RunningIndexer } from './indexer.js';
import {
  createTestDatabase,
  eventually,
  startChainWorld,
  type ChainWorld,
  type TestDatabase,
} from './testing/chain-world.fixture.js';
import { startRpcCountingProxy, type RpcCountingProxy } from './testing/rpc-counting-proxy.js';

const GANACHE = 1337;
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);
const lower = (a: Address) => a.toLowerCase();

describe('chain indexer', { timeout: 180_000 }, () => {
  let world: ChainWorld;
  let db: TestDatabase;
  let reader: ChainReader;
  let indexer: RunningIndexer | undefined;
  /** The indexer reaches the chain through it: what it asks is counted at the node's door. */
  let proxy: RpcCountingProxy;
  let a: Address;
  let b: Address;
  const logs: IndexerLogEntry[] = [];

  const start = async (env: Record<string, string> = {}) => {
    indexer = await startIndexer({
      config: await world.indexerConfig(db.url, { RPC_URL_GANACHE: proxy.url, ...env }),
      onLog: (e) => logs.push(e),
    });
    await withTimeout(indexer.ready, 60_000, 'indexer ready');
    return indexer;
  };
  const stop = async () => {
    await indexer?.stop();
    indexer = undefined;
  };

  /** Every Transfer log of the chain, as the chain itself reports them. */
  const chainTransfers = async () =>
    world.client.getLogs({ address: [a, b], event: transferEvent, fromBlock: 0n, toBlock: 'latest' });

  /** Waits until the index has processed the chain's head. */
  const caughtUp = async () => {
    const head = await world.client.getBlockNumber();
    await eventually(
      async () => ((await reader.indexedBlock(GANACHE)) ?? -1n) >= head || undefined,
      `block ${head} indexed`,
    );
  };

  const allTransfers = async (pageSize: number) => {
    const seen: IndexedTransfer[] = [];
    let cursor = initialCursor(GANACHE);
    for (;;) {
      const page = await reader.transfersSince(cursor, { limit: pageSize });
      if (page.transfers.length === 0) return seen;
      seen.push(...page.transfers);
      cursor = page.next;
    }
  };

  const assertTransfersMatchChain = async () => {
    const onChain = await chainTransfers();
    const { rows } = await db.pool.query<{ n: string; distinct_logs: string }>(
      `SELECT count(*) AS n, count(DISTINCT (tx_hash, log_index)) AS distinct_logs FROM chain.transfers`,
    );
    assert.equal(Number(rows[0].n), onChain.length, 'one row per Transfer log');
    assert.equal(Number(rows[0].distinct_logs), onChain.length, 'no log twice');
    const paged = await allTransfers(3);
    assert.deepEqual(
      paged.map((t) => `${t.txHash}:${t.logIndex}`),
      onChain.map((l) => `${l.transactionHash}:${l.logIndex}`),
      'transfersSince pages through every log once, in chain order',
    );
  };

  before(async () => {
    world = await startChainWorld();
    proxy = await startRpcCountingProxy(world.anvil.url);
    db = await createTestDatabase();
    reader = createChainReader(db.pool);
  });

  after(async () => {
    await stop();
    await db?.drop();
    await proxy?.close();
    await world?.stop();
  });

  test('answers "nothing indexed" before the indexer has published its views', async () => {
    assert.equal(await reader.indexedBlock(GANACHE), null);
    assert.equal(await reader.ownerOf(GANACHE, world.locator, 1n), null);
    assert.deepEqual((await reader.transfersSince(initialCursor(GANACHE))).transfers, []);
    assert.equal(await reader.published(), false);
    assert.equal(await reader.tokenSnapshot(GANACHE, world.locator, 1n), null);
  });

  test('indexes the collections announced through the locator and their events', async () => {
    const { deployer, alice, bob } = world;
    a = await world.deployCollection(deployer, 'Alpha');
    b = await world.deployCollection(bob, 'Beta');
    // An account announcing itself: listed, harmless.
    await alice.send({
      to: world.locator,
      data: encodeFunctionData({
        abi: libraryAddressLocatorAbi,
        functionName: 'registerCollection',
        args: [alice.address],
      }),
    });

    await deployer.call(a, 'mint', [alice.address, 1n]);
    await deployer.call(a, 'mint', [alice.address, 2n]);
    await deployer.call(a, 'mintWithLimit', [alice.address, 10n, 5n]);
    await alice.call(a, 'transferFrom', [alice.address, bob.address, 1n]);
    await alice.call(a, 'disallowTokenTransfers', [2n]);
    await alice.call(a, 'setConnectToTag', [2n, true]);
    await alice.call(a, 'mintChildBatch', [10n, 3n]);
    await bob.call(b, 'mint', [bob.address, 7n]);
    await bob.call(b, 'setMinter', [alice.address]);
    await bob.call(b, 'transferOwnership', [deployer.address]);
    await bob.call(b, 'burn', [7n]);

    const running = await start();
    assert.match(running.schema ?? '', /^chain_[0-9a-f]{10}$/);
    await caughtUp();

    assert.equal(await reader.ownerOf(GANACHE, a, 1n), lower(bob.address));
    assert.equal(await reader.ownerOf(GANACHE, a, 2n), lower(alice.address));
    assert.equal(await reader.ownerOf(GANACHE, b, 7n), null, 'burned');
    assert.equal((await reader.token(GANACHE, b, 7n))?.owner, '0x0000000000000000000000000000000000000000');
    const two = await reader.token(GANACHE, a.toUpperCase().replace('0X', '0x'), 2n);
    assert.equal(two?.locked, true);
    assert.equal(two?.connectedToTag, true);
    assert.equal(two?.parentTokenId, null);
    assert.equal((await reader.token(GANACHE, a, 10n))?.limit, 5n);
    assert.equal((await reader.token(GANACHE, a, 1n))?.locked, false);
    for (let i = 1n; i <= 3n; i++) {
      const child = await reader.token(GANACHE, a, CHILD_ID_BASE + i);
      assert.equal(child?.parentTokenId, 10n, `child ${i}`);
      assert.equal(child?.owner, lower(alice.address));
    }
    // the mint ledger's MintChild and ConnectedToTag rows, in chain order after a cursor
    const { events, next } = await reader.tokenEventsSince(initialCursor(GANACHE));
    assert.deepEqual(
      events.map((e) =>
        e.kind === 'mint_child'
          ? [e.kind, e.collection, e.tokenId, e.parentTokenId, e.owner]
          : [e.kind, e.collection, e.tokenId, e.connected],
      ),
      [
        ['connected_to_tag', lower(a), 2n, true],
        ...[1n, 2n, 3n].map((i) => ['mint_child', lower(a), CHILD_ID_BASE + i, 10n, lower(alice.address)]),
      ],
    );
    const last = events.at(-1)!;
    assert.deepEqual(next, { chainId: GANACHE, blockNumber: last.blockNumber, logIndex: last.logIndex });
    assert.deepEqual((await reader.tokenEventsSince(next)).events, [], 'nothing after the last one');
    assert.deepEqual(
      (await reader.tokenEventsSince(initialCursor(GANACHE), { limit: 2 })).events.map((e) => e.kind),
      ['connected_to_tag', 'mint_child'],
    );

    const { rows: collections } = await db.pool.query<{
      address: string;
      deployer: string;
      owner: string;
      minter: string;
      created_block: string;
    }>(
      'SELECT address, deployer, owner, minter, created_block FROM chain.collections WHERE chain_id = $1 ORDER BY created_block',
      [GANACHE],
    );
    assert.deepEqual(
      collections.map(({ address, deployer: d, owner, minter }) => ({ address, d, owner, minter })),
      [
        {
          address: lower(a),
          d: lower(deployer.address),
          owner: lower(deployer.address),
          minter: lower(deployer.address),
        },
        {
          address: lower(b),
          d: lower(bob.address),
          owner: lower(deployer.address),
          minter: lower(alice.address),
        },
        { address: lower(alice.address), d: lower(alice.address), owner: null, minter: null },
      ] as unknown as typeof collections,
    );
    assert.ok(collections.every((c) => typeof c.created_block === 'string' && BigInt(c.created_block) > 0n));

    await assertTransfersMatchChain();
    assert.equal(await reader.published(), true);

    // the token page's read: owner, lock, latest transfer and the index's progress in one query
    const onChain = await chainTransfers();
    const head = await world.client.getBlockNumber();
    const snapshot = await reader.tokenSnapshot(GANACHE, a.toUpperCase().replace('0X', '0x'), 2n);
    assert.ok(snapshot?.indexedBlock !== null && (snapshot?.indexedBlock ?? -1n) >= head);
    assert.deepEqual(snapshot?.token, { owner: lower(alice.address), locked: true });
    assert.equal(
      snapshot?.lastTxHash,
      onChain.filter((l) => lower(l.address) === lower(a) && l.args.tokenId === 2n).at(-1)?.transactionHash,
    );
    const unminted = await reader.tokenSnapshot(GANACHE, a, 99n);
    assert.deepEqual(
      { ...unminted, indexedBlock: undefined },
      {
        chainId: GANACHE,
        indexedBlock: undefined,
        token: null,
        lastTxHash: null,
      },
    );

    // mints only (from the zero address), in chain order, paged
    const mints: IndexedTransfer[] = [];
    for (let cursor = initialCursor(GANACHE); ;) {
      const page = await reader.transfersSince(cursor, {
        limit: 2,
        from: '0x0000000000000000000000000000000000000000',
      });
      if (page.transfers.length === 0) break;
      mints.push(...page.transfers);
      cursor = page.next;
    }
    assert.deepEqual(
      mints.map((t) => `${t.txHash}:${t.logIndex}`),
      onChain
        .filter((l) => l.args.from === '0x0000000000000000000000000000000000000000')
        .map((l) => `${l.transactionHash}:${l.logIndex}`),
    );

    const mintTx = (await reader.transfersSince(initialCursor(GANACHE), { limit: 1 })).transfers[0];
    assert.deepEqual(await reader.transfersOfTx(GANACHE, mintTx.txHash.toUpperCase().replace('0X', '0x')), [
      mintTx,
    ]);
    assert.equal(mintTx.from, '0x0000000000000000000000000000000000000000');
    assert.equal(mintTx.collection, lower(a));

    // Live: a new transaction shows up while the indexer runs.
    const receipt = await deployer.call(a, 'mint', [bob.address, 3n]);
    const seen = await eventually(
      async () => (await reader.transfersOfTx(GANACHE, receipt.transactionHash))[0],
      'the live mint in chain.transfers',
      10_000,
      20,
    );
    assert.equal(seen.to, lower(bob.address));
  });

  test('asks an idle chain for its latest block about once a second, and every poll while no block is announced', async () => {
    const asked = () => proxy.count('eth_getBlockByNumber:latest');
    /** Asks for the latest block during `ms` of an idle chain. */
    const askedIn = async (ms: number) => {
      const before = asked();
      await new Promise((r) => setTimeout(r, ms));
      return asked() - before;
    };
    await caughtUp();
    // polled every 100 ms, but answered from the last answer until anvil announces a block (newHeads)
    const idle = await askedIn(3000);
    assert.ok(idle <= 6, `${idle} asks for the latest block in 3 s of an idle chain (every poll: ~30)`);

    /** Mints `tokenId` and waits for its Transfer in the index. */
    const mintIndexed = async (tokenId: bigint, what: string) => {
      const receipt = await world.deployer.call(a, 'mint', [world.alice.address, tokenId]);
      await eventually(
        async () => (await reader.transfersOfTx(GANACHE, receipt.transactionHash))[0],
        `${what} in chain.transfers`,
        10_000,
        20,
      );
    };
    // a block is announced, asked for and indexed
    await mintIndexed(4n, 'a mint after the quiet spell');

    // without the WebSocket (a node that has none, or is restarting) every poll goes to the node
    proxy.refuseUpgrades(true);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const polled = await askedIn(2000);
      assert.ok(
        polled >= 8,
        `${polled} asks for the latest block in 2 s without announcements (every poll: ~20)`,
      );
      await mintIndexed(5n, 'a mint without announcements');
    } finally {
      proxy.refuseUpgrades(false);
    }
  });

  test('catches up after a restart without counting anything twice', async () => {
    const { deployer, alice, bob } = world;
    const schema = indexer?.schema;
    await stop();

    await alice.call(a, 'allowTokenTransfers', [2n]);
    await alice.call(a, 'transferFrom', [alice.address, bob.address, 2n]);
    await deployer.call(a, 'setLimit', [10n, 8n]);
    await alice.call(a, 'mintChildBatch', [10n, 2n]);
    await bob.call(a, 'setConnectToTag', [2n, false]);

    const running = await start();
    assert.equal(running.schema, schema, 'same build, same schema: Ponder resumes from its checkpoint');
    await caughtUp();

    const two = await reader.token(GANACHE, a, 2n);
    assert.equal(two?.owner, lower(bob.address));
    assert.equal(two?.locked, false);
    assert.equal(two?.connectedToTag, false);
    assert.equal((await reader.token(GANACHE, a, 10n))?.limit, 8n);
    assert.equal((await reader.token(GANACHE, a, CHILD_ID_BASE + 5n))?.parentTokenId, 10n);
    await assertTransfersMatchChain();
  });

  test('a killed indexer leaves no lock that delays the next start', async () => {
    const running = indexer;
    assert.ok(running?.pid);
    process.kill(running.pid, 'SIGKILL');
    await running.exited;
    await running.stop();
    indexer = undefined;
    // The launcher released the lock when its Ponder died; had the launcher died with it (or the
    // database gone first, as on the standalone Ctrl-C), the lock would still be held, fresh:
    await db.pool.query(
      `UPDATE "${running.schema}"._ponder_meta
       SET value = value || jsonb_build_object('is_locked', 1, 'heartbeat_at', $1::bigint) WHERE key = 'app'`,
      [Date.now()],
    );
    logs.length = 0;
    await world.alice.call(a, 'setConnectToTag', [CHILD_ID_BASE + 1n, true]);
    const started = Date.now();
    await start();
    // Ponder alone would wait for the lock to expire (25 s after the last heartbeat) before starting,
    // and say so: 'Schema … is locked by a different Ponder app' / 'Waiting … for lock'. Its own words
    // are the evidence, not a stopwatch: under a loaded CI a start alone once took 26 s.
    assert.ok(
      logs.some((e) => e.msg.startsWith('released the lock')),
      'the abandoned lock was released',
    );
    const waited = logs.filter((e) => /is locked by a different Ponder app|for lock on schema/.test(e.msg));
    assert.deepEqual(
      waited.map((e) => e.msg),
      [],
      `Ponder waited for the lock (ready after ${Date.now() - started} ms)`,
    );
    await caughtUp();
    assert.equal((await reader.token(GANACHE, a, CHILD_ID_BASE + 1n))?.connectedToTag, true);
    await assertTransfersMatchChain();
  });

  test('a changed build indexes into a new schema and takes the views over once it has caught up', async () => {
    const old = indexer?.schema;
    await stop();
    logs.length = 0;
    // Another start block is another Ponder build.
    const running = await start({ INDEXER_START_BLOCK_GANACHE: '1' });
    assert.ok(old && running.schema && running.schema !== old);
    assert.ok(
      logs.some((e) => e.msg.includes(`keep reading ${old} until ${running.schema}`)),
      'the views kept reading the previous build during the backfill',
    );
    const { rows } = await db.pool.query<{ table_schema: string }>(
      `SELECT DISTINCT table_schema FROM information_schema.view_table_usage WHERE view_schema = 'chain'`,
    );
    assert.deepEqual(
      rows.map((r) => r.table_schema),
      [running.schema],
    );
    const { rowCount } = await db.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [old]);
    assert.equal(rowCount, 0, 'the previous build schema is dropped');
    await caughtUp();
    await assertTransfersMatchChain();
    assert.equal(await reader.ownerOf(GANACHE, a, 1n), lower(world.bob.address));
  });
});

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
