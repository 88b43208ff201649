// `npm run bench:relayer`: mints through the relayer service as fast as it takes them, on a real
// anvil and the local PostgreSQL (and Redis for BullMQ), and prints a markdown table. A benchmark, not
// a test: nothing here asserts a time. BENCH_MINTS (default 1000) and BENCH_IN_FLIGHT (default 200)
// change the load. Needs PostgreSQL on 127.0.0.1:5432 and, for the BullMQ rows, Redis on 6379.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { nonceGaps } from '@metatag/chain';
import { RELAYER } from '@metatag/events';
import {
  RELAYER_ADDRESS,
  TxSenderRegistry,
  chainAndLedger,
  deployCollection,
  freshDatabaseUrl,
  relayerHarness,
  startAnvil,
  waitFor,
} from '@metatag/relayer/testing';

const MINTS = Number(process.env.BENCH_MINTS ?? 1000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 200);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Scenario {
  queue: 'inprocess' | 'bullmq';
  /** anvil mining: one block per transaction (automine) or a block every second. */
  blockTime?: number;
  /** Offer mints at this steady rate (per second) instead of as fast as the service takes them. */
  rate?: number;
}

interface Row {
  scenario: string;
  mints: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  nonceErrors: number;
  gaps: number;
  doubles: number;
  replacements: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function run(scenario: Scenario): Promise<Row> {
  const anvil = await startAnvil(scenario.blockTime ? ['--block-time', String(scenario.blockTime)] : []);
  const database = await freshDatabaseUrl();
  const prefix = `bench-relayer-${randomUUID().slice(0, 8)}`;
  const collection = (await deployCollection(anvil.rpcUrl)).toLowerCase();
  const relayer = await relayerHarness({
    QUEUE: scenario.queue,
    QUEUE_PREFIX: prefix,
    REDIS_URL,
    DATABASE_URL: database.url,
    RPC_URL_GANACHE: anvil.rpcUrl,
    TX_RECEIPT_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  });
  try {
    await relayer.start();
    const mint = (nftId: string) =>
      relayer.client.send(RELAYER.createMint, {
        chain: 'ganache',
        nftId,
        collection,
        to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
      });
    const confirmed = (nftId: string, n: number) =>
      waitFor(
        `${n} confirmed`,
        async () => {
          const { rows } = await relayer.db.pool.query(
            `select count(*)::int as n from relayer.mints where nft_id = $1 and status <> 'queued'`,
            [nftId],
          );
          return rows[0].n >= n || undefined;
        },
        600_000,
        50,
      );
    // Warm up: connections, JIT, the first nonce sync.
    await Promise.all(Array.from({ length: 20 }, () => mint('warmup')));
    await confirmed('warmup', 20);

    const total = scenario.rate ? Math.min(MINTS, scenario.rate * 10) : MINTS;
    if (scenario.rate) {
      // A steady load: the latency of a mint when the service keeps up, not the backlog of a burst.
      const started = Date.now();
      const pending: Promise<unknown>[] = [];
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / scenario.rate;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        pending.push(mint('bench'));
      }
      await Promise.all(pending);
    } else {
      let next = 0;
      const worker = async () => {
        while (next < total) {
          next += 1;
          await mint('bench');
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    }
    await confirmed('bench', total);

    const { rows } = await relayer.db.pool.query(
      `select extract(epoch from created) * 1000 as created, extract(epoch from confirmed_at) * 1000 as confirmed, status
       from relayer.mints where nft_id = 'bench'`,
    );
    const created = rows.map((r: { created: string }) => Number(r.created));
    const done = rows.map((r: { confirmed: string | null }) => Number(r.confirmed ?? 0));
    const ok = rows.filter((r: { status: string }) => r.status === 'confirmed').length;
    const latencies = rows
      .filter((r: { status: string }) => r.status === 'confirmed')
      .map((r: { created: string; confirmed: string }) => Number(r.confirmed) - Number(r.created))
      .sort((a: number, b: number) => a - b);
    const seconds = (Math.max(...done) - Math.min(...created)) / 1000;

    const state = await chainAndLedger(anvil, relayer.db, collection as `0x${string}`);
    const nonces = state.txs
      .filter((t) => t.nonce !== null && t.kind !== 'nonce-fill')
      .map((t) => Number(t.nonce));
    const stats = relayer.running?.app.get(TxSenderRegistry).stats();
    return {
      scenario: `${scenario.queue === 'bullmq' ? 'BullMQ (Redis)' : 'in-process (standalone)'}, anvil ${
        scenario.blockTime ? `${scenario.blockTime} s blocks` : 'automine'
      }${scenario.rate ? `, steady ${scenario.rate}/s offered` : `, burst (${IN_FLIGHT} in flight)`}`,
      mints: ok,
      seconds,
      perSecond: ok / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      nonceErrors: stats?.nonceErrors ?? 0,
      gaps:
        nonceGaps(nonces, Math.min(...nonces), state.chainCount).length +
        Math.abs((state.nextNonce ?? 0) - state.chainCount),
      doubles: nonces.length - new Set(nonces).size + (Number(state.totalSupply) - ok - 20),
      replacements: stats?.replacements ?? 0,
    };
  } finally {
    await relayer.close();
    await anvil.stop();
    await database.drop();
    if (scenario.queue === 'bullmq') await deleteKeys(prefix);
  }
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

const allScenarios: Scenario[] = [
  { queue: 'inprocess' },
  { queue: 'bullmq' },
  { queue: 'inprocess', blockTime: 1 },
  { queue: 'bullmq', blockTime: 1 },
  { queue: 'inprocess', rate: 200 },
  { queue: 'bullmq', rate: 200 },
];
// BENCH_SCENARIOS=0,1: only those rows (by position above), e.g. automine alone while profiling
const scenarios = process.env.BENCH_SCENARIOS
  ? process.env.BENCH_SCENARIOS.split(',').map((i) => allScenarios[Number(i)]!)
  : allScenarios;
const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const results: Row[] = [];
for (const scenario of scenarios) {
  process.stderr.write(`running ${JSON.stringify(scenario)} with ${MINTS} mints...\n`);
  results.push(await run(scenario));
}

const ms = (v: number) => `${Math.round(v)} ms`;
console.log(
  `\nRelayer benchmark: ${MINTS} mints per burst, sender ${RELAYER_ADDRESS}, ${new Date().toISOString().slice(0, 10)}, load average before ${loadBefore}\n`,
);
console.log(
  '| queue, chain | confirmed mints | seconds | mints/s | p50 to confirmation | p99 to confirmation | nonce errors | nonce gaps | doubles | replacements |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.scenario} | ${r.mints} | ${r.seconds.toFixed(2)} | **${r.perSecond.toFixed(0)}** | ${ms(r.p50)} | ${ms(r.p99)} | ${r.nonceErrors} | ${r.gaps} | ${r.doubles} | ${r.replacements} |`,
  );
process.exit(0);
