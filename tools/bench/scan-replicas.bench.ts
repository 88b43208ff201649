// `npm run bench:scan:replicas` (issue #33 item 5): where one process is the limit, more processes —
// the curve. The distributed stack of the fault suite (tools/faults/cluster.ts: its own PostgreSQL,
// NATS, Redis and anvil on free ports, every app a process of its own) with 1, 2 and 4 replicas of
// every service and of the gateway (NATS queue groups share the services' requests; the gateways have a
// port each). The same closed-loop load as `npm run bench:scan` (scan.bench.ts's worker, fresh AES
// taps prepared before the clock starts) spreads its connections over the gateways' ports, as a load
// balancer would. Standalone is one process by design (its relayer owns the nonces, its indexer the
// chain cursor): its scale-out is this distributed mode.
// Env: BENCH_REPLICAS ("1,2,4"), BENCH_CHIPS (1000), BENCH_SECONDS (10), BENCH_CONNECTIONS ("32").
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Client } from '../../apps/standalone/src/testing/stack.fixture.js';
import { ADMIN_PASSWORD, startCluster } from '../faults/cluster.js';
import { machineLoad } from './machine-load.js';
import type { Chip, LoadInput, LoadResult } from './scan.bench.js';

const REPLICAS = (process.env.BENCH_REPLICAS ?? '1,2,4').split(',').map(Number);
const CHIPS = Number(process.env.BENCH_CHIPS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '32').split(',').map(Number);

function load(input: LoadInput): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./scan.bench.ts', import.meta.url), { workerData: input });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
  });
}

const rows: string[] = [];
for (const replicas of REPLICAS) {
  const started = performance.now();
  const cluster = await startCluster({ replicas });
  try {
    const bootS = (performance.now() - started) / 1000;
    const urls = cluster.gateways.map((g) => `http://127.0.0.1:${g.port}`);
    const boss = new Client(urls[0]);
    const login = await boss.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    const template = await boss.call('POST', '/json/ganache/nft', {});
    const nftId = (template.body.item as { id: number }).id;
    const chips: Chip[] = [];
    const { randomBytes } = await import('node:crypto');
    for (let i = 0; i < CHIPS; i += 50) {
      const made = await Promise.all(
        Array.from({ length: Math.min(50, CHIPS - i) }, async () => {
          const uid = randomBytes(7).toString('hex').toUpperCase();
          const res = await boss.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
          if (res.status !== 201) throw new Error(`provisioning failed: ${JSON.stringify(res.body)}`);
          return { id: (res.body.item as { id: string }).id, uid };
        }),
      );
      chips.push(...made);
    }
    const input = (connections: number, seconds: number, counterBase: number): LoadInput => ({
      url: urls[0],
      urls,
      masterKey: cluster.env.CHIP_MASTER_KEY,
      chips,
      connections,
      seconds,
      counterBase,
      mode: 'aes',
      layout: 'auth',
      fileBytes: 0,
      preparedPerSecond: 8000,
    });
    // warm-up: JIT, prepared statements, every replica's chip key cache
    let counterBase = (await load(input(Math.max(16, urls.length), 3, 0))).maxCounter;
    for (const connections of CONNECTIONS) {
      const r = await load(input(connections, SECONDS, counterBase));
      counterBase = r.maxCounter;
      const sorted = [...r.latenciesMs].sort((a, b) => a - b);
      const pct = (p: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
      rows.push(
        `| ${replicas} | ${replicas * 6 + 1} | ${connections} | ${r.sent} | ${r.verified} | ${r.refused + r.errors} | **${Math.round(r.verified / r.seconds)}** | ${pct(50).toFixed(2)} | **${pct(99).toFixed(2)}** | ${bootS.toFixed(0)} s |`,
      );
    }
    console.error(`replicas ${replicas}: done (${machineLoad()})`);
  } finally {
    await cluster.stop();
  }
}
console.log(
  `\ndistributed stack, every service and the gateway ×N (its own PostgreSQL, NATS, Redis, anvil); ${CHIPS} chips; ${SECONDS} s per row; ${availableParallelism()} CPUs; node ${process.version}\n`,
);
console.log(
  '| replicas | app processes | connections | requests | verified | refused/errors | verified scans/s | p50 ms | p99 ms | cluster boot |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
console.log(`\n${machineLoad()}`);
