// `npm run bench:scan`: verified chip scans per second and check-tag latency through the gateway on the
// in-process stack (gateway → in-process transport → chiplinks → PostgreSQL), with many provisioned
// chips and fresh SUN messages from simulateTapQuery. A benchmark, not a test: it prints a markdown table.
// Rows: the default mode (AES, `auth` layout) at each BENCH_CONNECTIONS, then LRP and AES with 32 bytes
// of encrypted file data (the `picc_data&enc&cmac` layout, sent as the page sends it: the raw query) at
// the largest connection count.
//
// The load runs in a worker thread (the stack keeps the main thread), over keep-alive HTTP with a fixed
// number of connections, each sending its next request when the previous one answers (closed loop, like
// autocannon). Chips are split between connections so each chip's taps arrive in counter order. The
// SUN messages and request bytes are prepared before the clock starts and sent by a minimal HTTP client
// (raw-http-client.ts): the load generator shares the two cores with the stack and PostgreSQL, and
// node:http's client used to take as much CPU per request as the server's whole scan.
// Env: BENCH_CHIPS (1000), BENCH_SECONDS (10 per scenario), BENCH_CONNECTIONS ("8,32"), TEST_DATABASE_URL,
// NODE_ENV (the stack's; production unless set: `NODE_ENV=development` measures the reply checks too).
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { deriveChipKeys, simulateTapQuery, type SunLayout, type SunMode } from '@metatag/chips';
import { jsonPost, RawHttpConnection } from './raw-http-client.js';
import { mintDataChain, mintDataRow } from './mint-data.row.js';

export interface Chip {
  id: string;
  uid: string;
}

export interface LoadInput {
  url: string;
  /** Replicas of the gateway: connection i talks to `urls[i % urls.length]` (default: `url` alone). */
  urls?: string[];
  masterKey: string;
  chips: Chip[];
  connections: number;
  seconds: number;
  /** First counter to use per chip (counters only go up between scenarios). */
  counterBase: number;
  mode: SunMode;
  layout: SunLayout;
  fileBytes: number;
  /** Taps prepared per second of the scenario before the clock starts (LRP taps are slow to make). */
  preparedPerSecond: number;
}

export interface LoadResult {
  sent: number;
  verified: number;
  refused: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  maxCounter: number;
}

/** Requests prepared per second of a scenario before it starts (then made on the fly). */
const PREPARED_PER_SECOND = 8000;
/** LRP taps take milliseconds to make: fewer are prepared (the server verifies fewer per second too). */
const PREPARED_PER_SECOND_LRP = 1500;

async function runLoad(input: LoadInput): Promise<LoadResult> {
  const { hostname } = new URL(input.url);
  const ports = (input.urls ?? [input.url]).map((u) => Number(new URL(u).port));
  const master = Buffer.from(input.masterKey, 'hex');
  const keys = input.chips.map((c) => deriveChipKeys(master, c.uid));
  const counters = input.chips.map(() => input.counterBase);
  // a chip belongs to one connection (index, index + C, ...), so its taps arrive in counter order
  const chipsOf = Array.from({ length: input.connections }, (_, index) =>
    input.chips.map((_, chip) => chip).filter((chip) => chip % input.connections === index),
  );
  const nextTap = (chip: number): Buffer => {
    counters[chip] += 1;
    const { uid, id } = input.chips[chip];
    const fileData = input.fileBytes ? Buffer.alloc(input.fileBytes, 0x78) : undefined;
    const query = simulateTapQuery(
      keys[chip],
      { uid, readCounter: counters[chip], mode: input.mode, fileData },
      input.layout,
    );
    const body =
      input.layout === 'auth' ? { tag: id, auth: query.slice('auth='.length) } : { tag: id, query };
    return jsonPost(hostname, '/json/check-tag', JSON.stringify(body));
  };
  // fresh SUN messages are made before the clock starts: the load generator's AES is not the server's
  const prepared = Array.from({ length: input.connections }, (_, index) => {
    const mine = chipsOf[index];
    const count = Math.ceil((input.seconds * input.preparedPerSecond) / input.connections);
    return Array.from({ length: count }, (_, turn) => nextTap(mine[turn % mine.length]));
  });
  const latenciesMs: number[] = [];
  let sent = 0;
  let verified = 0;
  let refused = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  const connection = async (index: number) => {
    const mine = chipsOf[index];
    const http = new RawHttpConnection(hostname, ports[index % ports.length]);
    try {
      for (let turn = 0; performance.now() < deadline; turn++) {
        const request = prepared[index][turn] ?? nextTap(mine[turn % mine.length]);
        const t0 = performance.now();
        sent += 1;
        try {
          const reply = await http.send(request);
          latenciesMs.push(performance.now() - t0);
          if (reply.status === 200 && reply.body.startsWith('{"ok":true')) verified += 1;
          else refused += 1;
        } catch {
          errors += 1;
          return;
        }
      }
    } finally {
      http.close();
    }
  };
  await Promise.all(Array.from({ length: input.connections }, (_, i) => connection(i)));
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

/** `--wrk` (or BENCH_LOAD=wrk): the rows with wrk, a load generator in its own process (scan-wrk.ts). */
const WRK = process.argv.includes('--wrk') || process.env.BENCH_LOAD === 'wrk';

interface Scenario {
  mode: SunMode;
  layout: SunLayout;
  fileBytes: number;
}
const DEFAULT_SCENARIO: Scenario = { mode: 'aes', layout: 'auth', fileBytes: 0 };
/** The peer rows' shape, as sdm-backend reads it: AES, `picc_data=…&cmac=…`, no file data. */
const PEER_SCENARIO: Scenario = { mode: 'aes', layout: 'picc', fileBytes: 0 };

if (!isMainThread) {
  parentPort!.postMessage(await runLoad(workerData as LoadInput));
} else {
  // (scan-replicas.bench.ts starts this file only as its load's worker thread: the branch above)
  await main();
}

async function main(): Promise<void> {
  const { randomBytes } = await import('node:crypto');
  const { startTestStack, Client } = await import('../../apps/standalone/src/testing/stack.fixture.js');
  const CHIPS = Number(process.env.BENCH_CHIPS ?? (WRK ? 2000 : 1000));
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
  const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '8,32').split(',').map(Number);
  // every connection owns at least one chip (its taps must reach each chip in counter order)
  if (CONNECTIONS.some((c) => !Number.isInteger(c) || c < 1 || c > CHIPS)) {
    throw new Error(`BENCH_CONNECTIONS must be whole numbers from 1 to BENCH_CHIPS (${CHIPS})`);
  }
  const masterKey = randomBytes(16).toString('hex');
  const relayerKey = `0x${randomBytes(32).toString('hex')}` as const;
  const { privateKeyToAccount } = await import('viem/accounts');
  const mintChain = await mintDataChain(privateKeyToAccount(relayerKey).address);

  const scanEnv = {
    CHIP_MASTER_KEY: masterKey,
    SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
    // production refuses anvil's published keys (libs/config dev-secrets.ts); scans relay nothing
    RELAYER_PRIVATE_KEY: relayerKey,
    ...mintChain.env,
    SCAN_RATE_LIMIT_PER_MINUTE: '0',
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
    // the standalone default records every trace; a deployment under load sets a ratio
    ...(process.env.TRACE_SAMPLE_RATIO ? { TRACE_SAMPLE_RATIO: process.env.TRACE_SAMPLE_RATIO } : {}),
    // measured as deployed: in production ServiceClient does not re-check replies against their schemas
    NODE_ENV: process.env.NODE_ENV || 'production',
    // the product's default (durable commits) unless the run says otherwise
    ...(process.env.SCAN_DURABLE_COMMIT ? { SCAN_DURABLE_COMMIT: process.env.SCAN_DURABLE_COMMIT } : {}),
  };
  const stack =
    process.env.BENCH_STACK === 'distributed'
      ? await startDistributed(scanEnv)
      : await startTestStack({ env: scanEnv });
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
          // a crowded machine (other sessions' builds) can make a service miss its reply deadline: then
          // another chip (the first may exist, never tapped)
          for (let attempt = 0; ; attempt++) {
            const uid = randomBytes(7).toString('hex').toUpperCase();
            const res = await boss.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
            if (res.status === 503 && attempt < 3) continue;
            if (res.status !== 201) throw new Error(`provisioning failed: ${JSON.stringify(res.body)}`);
            return { id: (res.body.item as { id: string }).id, uid };
          }
        }),
      );
      chips.push(...batch);
    }
    const provisionS = (performance.now() - provisionStart) / 1000;

    const load = (
      connections: number,
      seconds: number,
      counterBase: number,
      url = stack.url,
      scenario: Scenario = DEFAULT_SCENARIO,
    ) =>
      new Promise<LoadResult>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), {
          workerData: {
            url,
            masterKey,
            chips,
            connections,
            seconds,
            counterBase,
            mode: scenario.mode,
            layout: scenario.layout,
            fileBytes: scenario.fileBytes,
            preparedPerSecond: scenario.mode === 'lrp' ? PREPARED_PER_SECOND_LRP : PREPARED_PER_SECOND,
          } satisfies LoadInput,
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
    if (WRK) {
      await wrkRows(stack.url, masterKey, chips, CONNECTIONS, SECONDS, provisionS, databaseUrlOf(stack));
      bare.close();
      return;
    }
    // warm-up: JIT, prepared statements, chip key cache, geo database
    if (process.env.BENCH_ROWS !== 'mint-data') counterBase = (await load(16, 2, counterBase)).maxCounter;
    const rows: string[] = [];
    const most = Math.max(...CONNECTIONS);
    // BENCH_ROWS=mint-data: only the get-mint-data rows (a change on the voucher path, measured alone)
    const mintOnly = process.env.BENCH_ROWS === 'mint-data';
    const runs: [string, number, Scenario][] = mintOnly
      ? []
      : [
          ...CONNECTIONS.map((c): [string, number, Scenario] => [
            'check-tag, AES (`auth`)',
            c,
            DEFAULT_SCENARIO,
          ]),
          ['check-tag, LRP (`auth`)', most, { mode: 'lrp', layout: 'auth', fileBytes: 0 }],
          [
            'check-tag, AES + 32 B file data (`picc_data&enc&cmac`)',
            most,
            { mode: 'aes', layout: 'picc', fileBytes: 32 },
          ],
          ['empty Node HTTP server (ceiling)', CONNECTIONS[0], DEFAULT_SCENARIO],
        ];
    for (const [what, connections, scenario] of runs) {
      const ceiling = !what.startsWith('check-tag');
      const r = await load(connections, SECONDS, counterBase, ceiling ? bareUrl : stack.url, scenario);
      if (!ceiling) counterBase = r.maxCounter;
      const sorted = [...r.latenciesMs].sort((a, b) => a - b);
      const pct = (p: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
      rows.push(
        `| ${what} | ${connections} | ${r.sent} | ${r.verified} | ${r.refused + r.errors} | **${Math.round(r.verified / r.seconds)}** | ${pct(50).toFixed(2)} | ${pct(90).toFixed(2)} | **${pct(99).toFixed(2)}** | ${sorted[sorted.length - 1]?.toFixed(1)} |`,
      );
    }
    rows.push(await mintDataRow(boss, stack.url, SECONDS));
    console.log(
      `\n${process.env.BENCH_STACK === 'distributed' ? 'distributed stack (every app its own process, NATS)' : 'standalone stack (one process)'}; ${CHIPS} chips provisioned in ${provisionS.toFixed(1)} s; ${SECONDS} s per row; ${availableParallelism()} CPUs; node ${process.version}\n`,
    );
    console.log(
      '| target | connections | requests | verified | refused/errors | verified scans/s | p50 ms | p90 ms | p99 ms | max ms |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    console.log(`\n${(await import('./machine-load.js')).machineLoad()}`);
    bare.close();
  } finally {
    await stack.stop();
    await mintChain.stop();
  }
}

/** The wrk rows: a warm-up, AES at each connection count, then LRP and file data at the largest. */
async function wrkRows(
  url: string,
  masterKey: string,
  chips: Chip[],
  connections: number[],
  seconds: number,
  provisionS: number,
  databaseUrl: string | undefined,
): Promise<void> {
  const { wrkRow, wrkTableRow, wrkEvidenceRow, WRK_TABLE_HEADER, WRK_EVIDENCE_HEADER } =
    await import('./scan-wrk.js');
  const { costTableRow, scanCpuUs, COST_TABLE_HEADER } = await import('./scan-cost.js');
  const { profileTable } = await import('./cpu-profile-summary.js');
  const { machineLoad } = await import('./machine-load.js');
  const threads = Number(process.env.BENCH_WRK_THREADS ?? 1);
  let counterBase = 0;
  const row = async (c: number, s: number, scenario: Scenario) => {
    // more taps than the row can verify, or the file wraps and its second pass is refused as replays
    // (a quiet machine verified ~2,000 LRP taps/s and replayed 14,206 of 2,000/s prepared)
    const perSecond = scenario.mode === 'lrp' ? 6000 : 12000;
    const r = await wrkRow({
      url,
      masterKey,
      chips,
      connections: c,
      seconds: s,
      threads,
      counterBase,
      scenario,
      perSecond,
      databaseUrl,
    });
    counterBase = r.maxCounter;
    return r;
  };
  // warm-up: JIT, prepared statements, chip key cache
  await row(16, 3, DEFAULT_SCENARIO);
  const most = Math.max(...connections);
  const rows: string[] = [];
  const evidence: string[] = [];
  const costs: string[] = [];
  const profiles: string[] = [];
  const runs: [string, number, Scenario][] = process.env.BENCH_PEER_ONLY
    ? []
    : [
        ...connections.map((c): [string, number, Scenario] => [
          'check-tag, AES (`auth`)',
          c,
          DEFAULT_SCENARIO,
        ]),
        ...(process.env.BENCH_WRK_AES_ONLY
          ? []
          : ([
              ['check-tag, LRP (`auth`)', most, { mode: 'lrp', layout: 'auth', fileBytes: 0 }],
              [
                'check-tag, AES + 32 B file data (`picc_data&enc&cmac`)',
                most,
                { mode: 'aes', layout: 'picc', fileBytes: 32 },
              ],
            ] as [string, number, Scenario][])),
      ];
  for (const [what, c, scenario] of runs) {
    const r = await row(c, seconds, scenario);
    rows.push(wrkTableRow(what, c, r));
    evidence.push(wrkEvidenceRow(what, c, r));
    costs.push(costTableRow(what, c, r.accepted, r.cost));
    if (r.profile)
      profiles.push(
        '',
        ...profileTable(r.profile, scanCpuUs(r.cost) / r.accepted, `${what}, ${c} connections`),
      );
  }
  console.log(
    `\nwrk (${threads} thread${threads > 1 ? 's' : ''}, its own process) → standalone stack (one process); ${chips.length} chips provisioned in ${provisionS.toFixed(1)} s; ${seconds} s per row; ${availableParallelism()} CPUs; node ${process.version}\n`,
  );
  for (const line of [...WRK_TABLE_HEADER, ...rows]) console.log(line);
  console.log('\nWhere the time goes (the server process during each row):\n');
  for (const line of [...WRK_EVIDENCE_HEADER, ...evidence]) console.log(line);
  console.log('\nCost per verified scan (CPU time and heap allocation over verified scans):\n');
  for (const line of [...COST_TABLE_HEADER, ...costs, ...profiles]) console.log(line);
  console.log(`\n${machineLoad()}`);
  const { peerComparison } = await import('./scan-peer.rows.js');
  await peerComparison(connections, seconds, threads, chips.length, (c, s) => row(c, s, PEER_SCENARIO));
  console.log(`\n${machineLoad()}`);
}

/** The standalone test stack's database (the distributed stack's backends are not told apart). */
function databaseUrlOf(stack: object): string | undefined {
  return 'databaseUrl' in stack && typeof stack.databaseUrl === 'string' ? stack.databaseUrl : undefined;
}

/**
 * BENCH_STACK=distributed: the built apps as separate processes over NATS (`tools/start-distributed.mjs`
 * with SKIP_BUILD: run `npm run build` first), on a fresh database of the local PostgreSQL, dropped after.
 */
async function startDistributed(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const pg = (await import('pg')).default;
  const { freePort, startProcess, waitFor } = await import('../testing/processes.js');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `metatag_bench_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(server), { pathname: `/${database}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'metatag-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stack = startProcess(
    process.execPath,
    ['tools/start-distributed.mjs'],
    {
      ...env,
      SKIP_BUILD: '1',
      PORT: String(port),
      ANVIL_PORT: String(await freePort()),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SUPER_ADMIN_PASSWORD: 'integration-admin-password',
      LOG_LEVEL: 'warn',
    },
    root,
  );
  const stop = async () => {
    await stack.stop();
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined),
      120_000,
      'the distributed stack to be ready',
    );
  } catch (error) {
    console.error(stack.output());
    await stop();
    throw error;
  }
  return { url, stop };
}
