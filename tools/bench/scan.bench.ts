// `npm run bench:scan`: verified chip scans per second and check-tag latency through the gateway on the
// in-process stack (gateway → in-process transport → chiplinks → PostgreSQL), with many provisioned
// chips and fresh SUN messages from simulateSun. A benchmark, not a test: it prints a markdown table.
//
// The load runs in a worker thread (the stack keeps the main thread), over keep-alive HTTP with a fixed
// number of connections, each sending its next request when the previous one answers (closed loop, like
// autocannon). Chips are split between connections so each chip's taps arrive in counter order.
// Env: BENCH_CHIPS (1000), BENCH_SECONDS (10 per scenario), BENCH_CONNECTIONS ("8,32"), TEST_DATABASE_URL.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { formatAuth, simulateSun, deriveChipKeys } from '@metatag/chips';

interface Chip {
  id: string;
  uid: string;
}

interface LoadInput {
  url: string;
  masterKey: string;
  chips: Chip[];
  connections: number;
  seconds: number;
  /** First counter to use per chip (counters only go up between scenarios). */
  counterBase: number;
}

interface LoadResult {
  sent: number;
  verified: number;
  refused: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  maxCounter: number;
}

async function runLoad(input: LoadInput): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: input.connections });
  const master = Buffer.from(input.masterKey, 'hex');
  const keys = input.chips.map((c) => deriveChipKeys(master, c.uid));
  const counters = input.chips.map(() => input.counterBase);
  const latenciesMs: number[] = [];
  let sent = 0;
  let verified = 0;
  let refused = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  const post = (body: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        `${input.url}/json/check-tag`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const connection = async (index: number) => {
    // this connection's chips: index, index + C, index + 2C, ...
    for (let turn = 0; performance.now() < deadline; turn++) {
      const chip =
        index +
        ((turn * input.connections) %
          (input.chips.length - (input.chips.length % input.connections) || input.chips.length));
      if (chip >= input.chips.length) continue;
      counters[chip] += 1;
      const auth = formatAuth(
        simulateSun(keys[chip], { uid: input.chips[chip].uid, readCounter: counters[chip] }),
      );
      const t0 = performance.now();
      sent += 1;
      try {
        const reply = await post(JSON.stringify({ tag: input.chips[chip].id, auth }));
        latenciesMs.push(performance.now() - t0);
        if (reply.startsWith('{"ok":true')) verified += 1;
        else refused += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: input.connections }, (_, i) => connection(i)));
  agent.destroy();
  return {
    sent,
    verified,
    refused,
    errors,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
    maxCounter: Math.max(...counters),
  };
}

if (!isMainThread) {
  parentPort!.postMessage(await runLoad(workerData as LoadInput));
} else {
  await main();
}

async function main(): Promise<void> {
  const { randomBytes } = await import('node:crypto');
  const { startTestStack, Client } = await import('../../apps/standalone/src/testing/stack.fixture.js');
  const CHIPS = Number(process.env.BENCH_CHIPS ?? 1000);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
  const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '8,32').split(',').map(Number);
  const masterKey = randomBytes(16).toString('hex');

  const stack = await startTestStack({
    env: {
      CHIP_MASTER_KEY: masterKey,
      SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
      SCAN_RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_POOL_SIZE: '20',
      SCAN_DURABLE_COMMIT: process.env.SCAN_DURABLE_COMMIT ?? 'false',
    },
  });
  try {
    const boss = new Client(stack.url);
    const login = await boss.call('POST', '/password-login', {
      name: 'admin',
      password: 'integration-admin-password',
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    const template = await boss.call('POST', '/json/ganache/nft', {});
    const nftId = (template.body.item as { id: number }).id;
    const chips: Chip[] = [];
    const provisionStart = performance.now();
    for (let i = 0; i < CHIPS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, CHIPS - i) }, async () => {
          const uid = randomBytes(7).toString('hex').toUpperCase();
          const res = await boss.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
          if (res.status !== 201) throw new Error(`provisioning failed: ${JSON.stringify(res.body)}`);
          return { id: (res.body.item as { id: string }).id, uid };
        }),
      );
      chips.push(...batch);
    }
    const provisionS = (performance.now() - provisionStart) / 1000;

    const load = (connections: number, seconds: number, counterBase: number, url = stack.url) =>
      new Promise<LoadResult>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), {
          workerData: { url, masterKey, chips, connections, seconds, counterBase } satisfies LoadInput,
        });
        worker.once('message', (m: LoadResult) => resolve(m));
        worker.once('error', reject);
      });

    // the machine's own ceiling: the same client against a Node HTTP server that does nothing
    const { createServer } = await import('node:http');
    const bare = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.setHeader('content-type', 'application/json').end('{"ok":true}'));
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareAddress = bare.address();
    const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;

    let counterBase = 0;
    // warm-up: JIT, prepared statements, chip key cache, geo database
    counterBase = (await load(16, 2, counterBase)).maxCounter;
    const rows: string[] = [];
    const runs: [string, number][] = [
      ...CONNECTIONS.map((c): [string, number] => ['check-tag', c]),
      ['empty Node HTTP server (ceiling)', CONNECTIONS[0]],
    ];
    for (const [what, connections] of runs) {
      const ceiling = what !== 'check-tag';
      const r = await load(connections, SECONDS, counterBase, ceiling ? bareUrl : stack.url);
      if (!ceiling) counterBase = r.maxCounter;
      const sorted = [...r.latenciesMs].sort((a, b) => a - b);
      const pct = (p: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
      rows.push(
        `| ${what} | ${connections} | ${r.sent} | ${r.verified} | ${r.refused + r.errors} | **${Math.round(r.verified / r.seconds)}** | ${pct(50).toFixed(2)} | ${pct(90).toFixed(2)} | **${pct(99).toFixed(2)}** | ${sorted[sorted.length - 1]?.toFixed(1)} |`,
      );
    }
    console.log(
      `\n${CHIPS} chips provisioned in ${provisionS.toFixed(1)} s; ${SECONDS} s per row; ${availableParallelism()} CPUs; node ${process.version}\n`,
    );
    console.log(
      '| target | connections | requests | verified | refused/errors | verified scans/s | p50 ms | p90 ms | p99 ms | max ms |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    bare.close();
  } finally {
    await stack.stop();
  }
}
