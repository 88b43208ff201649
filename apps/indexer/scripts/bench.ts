// Indexer benchmark (not a test): backfill speed from a cold start and the live lag from a mined
// block to its row in chain.transfers, on a real anvil, PostgreSQL and Ponder.
// Usage: npm run bench:indexer   (BENCH_TRANSFERS=5000 BENCH_LIVE=100 to change the sizes)
import { encodeFunctionData, type Hex } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { createChainReader } from '@metatag/chain-index';
import { startIndexer } from '../src/indexer.js';
import { LOCAL_POLLING_MS } from '../src/chains.js';
import { createTestDatabase, eventually, startChainWorld } from '../src/testing/chain-world.fixture.js';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 5000);
const LIVE = Number(process.env.BENCH_LIVE ?? 100);
const PER_BLOCK = 100;
const GANACHE = 1337;

const world = await startChainWorld();
const db = await createTestDatabase('indexer_bench');
const rpc = async (method: string, params: unknown[] = []) => {
  const res = await fetch(world.anvil.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
};

try {
  const { deployer, alice } = world;
  const collection = await world.deployCollection(deployer, 'Bench');
  let nonce = await world.client.getTransactionCount({ address: deployer.address });
  let nextId = 1n;
  /** A signed mint, sent raw: no gas estimation or receipt wait, so thousands go out quickly. */
  const mintTx = async (): Promise<Hex> =>
    deployer.account.signTransaction({
      chainId: GANACHE,
      nonce: nonce++,
      to: collection,
      gas: 150_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [alice.address, nextId++] }),
    });

  // Backfill material: PER_BLOCK mints per block, like a busy chain, then enough empty blocks that
  // everything is final (Ponder treats the last 30 blocks of an unknown chain as unfinalized).
  const produced = Date.now();
  await rpc('evm_setAutomine', [false]);
  for (let sent = 0; sent < TRANSFERS;) {
    const batch = Math.min(PER_BLOCK, TRANSFERS - sent);
    const raw = await Promise.all(Array.from({ length: batch }, () => mintTx()));
    for (const tx of raw) await rpc('eth_sendRawTransaction', [tx]);
    await rpc('evm_mine');
    sent += batch;
  }
  await rpc('anvil_mine', ['0x28']);
  await rpc('evm_setAutomine', [true]);
  const head = await world.client.getBlockNumber();
  const producedMs = Date.now() - produced;

  // Cold start: a new database, Ponder compiles, migrates, backfills.
  const reader = createChainReader(db.pool);
  const countRows = async () =>
    Number(
      (
        await db.pool
          .query<{ n: string }>('SELECT count(*) AS n FROM chain.transfers')
          .catch(() => ({ rows: [{ n: '0' }] }))
      ).rows[0].n,
    );
  const t0 = Date.now();
  let syncStarted = 0;
  const indexer = await startIndexer({
    // info: the launcher needs Ponder's "historical sync" line to time the backfill itself.
    config: await world.indexerConfig(db.url, { LOG_LEVEL: 'info' }),
    onLog: (entry) => {
      if (!syncStarted && entry.msg.includes('historical sync')) syncStarted = Date.now();
      if (entry.level === 'error' || entry.level === 'fatal') console.error(entry.msg, entry.error ?? '');
      if (process.env.BENCH_VERBOSE)
        console.log(Date.now() - t0, entry.level, entry.service ?? '', entry.msg);
    },
  });
  await indexer.healthy;
  const healthyMs = Date.now() - t0;
  await eventually(
    async () => ((await countRows()) >= TRANSFERS ? true : undefined),
    'backfill',
    600_000,
    20,
  );
  const backfilledMs = Date.now() - t0;
  const indexingMs = Date.now() - (syncStarted || t0);
  await indexer.ready;
  await eventually(
    async () => (((await reader.indexedBlock(GANACHE)) ?? -1n) >= head ? true : undefined),
    'head',
  );

  // Live: one mint per block; the lag runs from the block's creation (automine mines during the
  // send) to the first moment its row is readable through the view.
  const lags: number[] = [];
  for (let i = 0; i < LIVE; i++) {
    await new Promise((r) => setTimeout(r, Math.random() * LOCAL_POLLING_MS));
    const tx = await mintTx();
    const hash = (await rpc('eth_sendRawTransaction', [tx])) as Hex;
    const mined = performance.now();
    await eventually(
      async () => ((await reader.transfersOfTx(GANACHE, hash)).length ? true : undefined),
      `tx ${hash}`,
      30_000,
      2,
    );
    lags.push(performance.now() - mined);
  }
  await indexer.stop();

  lags.sort((x, y) => x - y);
  const pct = (p: number) => lags[Math.min(lags.length - 1, Math.ceil((p / 100) * lags.length) - 1)];
  const ms = (v: number) => `${Math.round(v)} ms`;
  const s = (v: number) => `${(v / 1000).toFixed(1)} s`;
  console.log(`
Indexer benchmark: anvil (chain 1337), PostgreSQL ${(await db.pool.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version}, Ponder 1.0.0, polling ${LOCAL_POLLING_MS} ms, ${process.arch}, node ${process.version}.
Backfill: ${TRANSFERS} mints (one Transfer log each) in ${Math.ceil(TRANSFERS / PER_BLOCK)} blocks of ${PER_BLOCK}, produced in ${s(producedMs)}, then a cold indexer start on an empty database.

| metric | value |
|---|---:|
| cold start → Ponder serving (/health: build, migrations, views) | ${s(healthyMs)} |
| cold start → all ${TRANSFERS} Transfer rows readable | ${s(backfilledMs)} |
| backfill rate (historical sync start → all rows readable) | ${Math.round(TRANSFERS / (indexingMs / 1000))} events/s |
| live lag block → row in chain.transfers, p50 (${LIVE} txs) | ${ms(pct(50))} |
| live lag p99 | ${ms(pct(99))} |
| live lag max | ${ms(lags[lags.length - 1])} |
| target | ≤ 1 s ${pct(99) <= 1000 ? '✓' : '✗'} |
`);
} finally {
  await db.drop();
  await world.stop();
}
