// `npm run bench:scan -- --wrk` (or `npm run bench:scan:wrk`): the scan rows with wrk, an independent C
// load generator in its own process, against the standalone stack in this process. Fresh taps are made
// before each row into files that tools/bench/scan.wrk.lua sends round-robin (thread n reads
// `<prefix>.<n>`, its own chips in counter order). Verified scans are the server's accepted scans
// (`metatag_scans_total{result="accepted"}` during the row), not wrk's 200s: a refused tap answers 200
// too. While a row runs this process measures itself, i.e. the server: event-loop delay
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution), GC pauses (PerformanceObserver 'gc') and CPU time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { deriveChipKeys, simulateTapQuery, type SunLayout, type SunMode } from '@metatag/chips';
import { scansTotal } from '@metatag/nest-kit';
import { counterBatchStats, type BatchStats } from '../../apps/chiplinks/src/links/counter-batcher.js';
import { pendingProbeStats } from '../../apps/chiplinks/src/nfc-nft/pending-probe.js';
import { startScanCost, type ScanCost } from './scan-cost.js';
import { summariseProfile, type ProfileSummary } from './cpu-profile-summary.js';

export interface WrkChip {
  id: string;
  uid: string;
}

export interface WrkScenario {
  mode: SunMode;
  layout: SunLayout;
  fileBytes: number;
}

export interface WrkRowInput {
  url: string;
  masterKey: string;
  chips: WrkChip[];
  connections: number;
  seconds: number;
  /** wrk threads (BENCH_WRK_THREADS, 1: one C thread sends far more than the stack answers). */
  threads: number;
  /** Counters of every chip start above this (counters only go up between rows). */
  counterBase: number;
  scenario: WrkScenario;
  /** The stack's database: its backends' CPU is the database's share of a scan's cost. */
  databaseUrl?: string;
  /** Taps made per second of the row (more than the stack can verify: a wrapped file replays). */
  perSecond: number;
}

export interface WrkRowResult {
  requests: number;
  seconds: number;
  /** Accepted by the server (scans counter), and every refusal by reason. */
  accepted: number;
  refused: Record<string, number>;
  socketErrors: number;
  non2xx: number;
  /** Client latencies in ms. */
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** The server's event-loop delay during the row, ms. */
  loopP50: number;
  loopP99: number;
  loopMax: number;
  /** GC pauses of the server during the row: count, total and longest ms, by kind. */
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  gcMajor: number;
  /** The server process's CPU (user + system) as a share of one core. */
  cpuPercent: number;
  /** The scan path's batched statements during the row (counter rule; NFC-NFT pending probe). */
  counter: BatchStats;
  probe: BatchStats;
  /** The machine's 1-minute load average at the end of the row (other sessions share the 2 cores). */
  load: number;
  /**
   * Share of the row's time in which some runnable task waited for a CPU (Linux PSI,
   * /proc/pressure/cpu `some`), or NaN where the kernel does not tell: how contended the cores were.
   */
  cpuPressure: number;
  /** Highest counter made for any chip (the next row starts above it). */
  maxCounter: number;
  /** Server and database CPU, heap allocation during the row (scan-cost.ts). */
  cost: ScanCost;
  /** BENCH_CPU_PROF: the row's CPU profile by category (cpu-profile-summary.ts). */
  profile?: ProfileSummary;
}

const LUA = fileURLToPath(new URL('./scan.wrk.lua', import.meta.url));

async function scanCounts(): Promise<Map<string, number>> {
  const { values } = await scansTotal.get();
  return new Map(values.map((v) => [String(v.labels.result), v.value]));
}

/** Writes the taps of one row: file n holds thread n's chips, round after round, counters rising. */
function writeTaps(input: WrkRowInput, prefix: string): number {
  const master = Buffer.from(input.masterKey, 'hex');
  const { mode, layout, fileBytes } = input.scenario;
  const fileData = fileBytes ? Buffer.alloc(fileBytes, 0x78) : undefined;
  const perThread = Math.ceil((input.seconds * input.perSecond) / input.threads);
  let maxCounter = input.counterBase;
  for (let t = 0; t < input.threads; t++) {
    const mine = input.chips.filter((_, i) => i % input.threads === t);
    const keys = mine.map((c) => deriveChipKeys(master, c.uid));
    const rounds = Math.ceil(perThread / mine.length);
    const lines: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const readCounter = input.counterBase + round;
      mine.forEach((chip, i) => {
        const query = simulateTapQuery(keys[i], { uid: chip.uid, readCounter, mode, fileData }, layout);
        lines.push(
          JSON.stringify(
            layout === 'auth' ? { tag: chip.id, auth: query.slice('auth='.length) } : { tag: chip.id, query },
          ),
        );
      });
    }
    maxCounter = Math.max(maxCounter, input.counterBase + rounds);
    writeFileSync(`${prefix}.${t + 1}`, `${lines.join('\n')}\n`);
  }
  return maxCounter;
}

function runWrk(input: WrkRowInput, prefix: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const wrk = spawn(
      process.env.BENCH_WRK ?? 'wrk',
      [
        `-t${input.threads}`,
        `-c${input.connections}`,
        `-d${input.seconds}s`,
        '--timeout',
        '10s',
        '-s',
        LUA,
        `${input.url}/json/check-tag`,
      ],
      { env: { ...process.env, SCAN_TAPS: prefix }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    wrk.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    wrk.once('error', (error) =>
      reject(
        new Error(`could not start wrk (apt-get install wrk, or BENCH_WRK=/path/to/wrk): ${error.message}`),
      ),
    );
    wrk.once('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) reject(new Error(`wrk exited ${code}:\n${out}`));
      else resolve(JSON.parse(line) as Record<string, number>);
    });
  });
}

function since(before: BatchStats, now: BatchStats): BatchStats {
  return {
    statements: now.statements - before.statements,
    scans: now.scans - before.scans,
    statementMs: now.statementMs - before.statementMs,
    queuedMs: now.queuedMs - before.queuedMs,
    // the longest ones are of the whole run (warm-up included), not of this row alone
    maxStatementMs: now.maxStatementMs,
    maxQueuedMs: now.maxQueuedMs,
  };
}

/** Microseconds some task has waited for a CPU since boot (PSI), or NaN. */
function cpuWaitedUs(): number {
  try {
    const line = readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0];
    return Number(/total=(\d+)/.exec(line)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** BENCH_CPU_PROF=path: a V8 CPU profile of this process (the server) during each row, for the record. */
async function startProfile(): Promise<{ stop(file: string): Promise<ProfileSummary> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      return summariseProfile(profile);
    },
  };
}

/** One row: taps made, then wrk for `seconds` while this process (the server) measures itself. */
export async function wrkRow(input: WrkRowInput): Promise<WrkRowResult> {
  const dir = mkdtempSync(join(tmpdir(), 'metatag-scan-wrk-'));
  try {
    const prefix = join(dir, 'taps');
    const maxCounter = writeTaps(input, prefix);
    const before = await scanCounts();
    const counter0 = { ...counterBatchStats };
    const probe0 = { ...pendingProbeStats };
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const gc: { kind: number; duration: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        gc.push({
          kind: (entry.detail as { kind?: number } | undefined)?.kind ?? 0,
          duration: entry.duration,
        });
    });
    observer.observe({ entryTypes: ['gc'] });
    loop.enable();
    const profiler = process.env.BENCH_CPU_PROF ? await startProfile() : undefined;
    const costProbe = await startScanCost(input.databaseUrl);
    const cpu = process.cpuUsage();
    const waited = cpuWaitedUs();
    const wrk = await runWrk(input, prefix);
    const used = process.cpuUsage(cpu);
    const waitedUs = cpuWaitedUs() - waited;
    const cost = await costProbe.stop();
    const profile = await profiler?.stop(
      `${process.env.BENCH_CPU_PROF}.${input.connections}.${input.scenario.mode}.${input.scenario.layout}${input.scenario.fileBytes ? `.file${input.scenario.fileBytes}` : ''}.cpuprofile`,
    );
    loop.disable();
    observer.disconnect();
    const after = await scanCounts();
    const refused: Record<string, number> = {};
    for (const [result, value] of after) {
      const delta = value - (before.get(result) ?? 0);
      if (result !== 'accepted' && delta > 0) refused[result] = delta;
    }
    const seconds = wrk.durationUs / 1e6;
    const { NODE_PERFORMANCE_GC_MAJOR } = (await import('node:perf_hooks')).constants;
    return {
      requests: wrk.requests,
      seconds,
      accepted: (after.get('accepted') ?? 0) - (before.get('accepted') ?? 0),
      refused,
      socketErrors: wrk.connectErrors + wrk.readErrors + wrk.writeErrors + wrk.timeouts,
      non2xx: wrk.statusErrors,
      p50: wrk.p50 / 1000,
      p90: wrk.p90 / 1000,
      p99: wrk.p99 / 1000,
      p999: wrk.p999 / 1000,
      max: wrk.max / 1000,
      loopP50: loop.percentile(50) / 1e6,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      gcCount: gc.length,
      gcTotalMs: gc.reduce((sum, g) => sum + g.duration, 0),
      gcMaxMs: gc.reduce((most, g) => Math.max(most, g.duration), 0),
      gcMajor: gc.filter((g) => g.kind === NODE_PERFORMANCE_GC_MAJOR).length,
      cpuPercent: ((used.user + used.system) / 1000 / (seconds * 1000)) * 100,
      counter: since(counter0, counterBatchStats),
      probe: since(probe0, pendingProbeStats),
      load: loadavg()[0],
      cpuPressure: (waitedUs / (wrk.durationUs as number)) * 100,
      maxCounter,
      cost,
      profile,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const WRK_TABLE_HEADER = [
  '| target | connections | requests | requests/s | verified | refused/errors | verified scans/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | loop delay p99 ms | server CPU | load avg | CPU pressure |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];

export const WRK_EVIDENCE_HEADER = [
  '| target | connections | loop delay p50 / p99 / max ms | GC pauses (major) | GC total / longest ms | counter statements: scans each, ms each, wait ms | NFC-NFT probes: scans each, ms each, wait ms |',
  '|---|---:|---:|---:|---:|---:|---:|',
];

const batch = (b: BatchStats) =>
  b.statements
    ? `${(b.scans / b.statements).toFixed(1)}, ${(b.statementMs / b.statements).toFixed(2)}, ${(b.queuedMs / b.scans).toFixed(2)}`
    : '–';

export function wrkEvidenceRow(what: string, connections: number, r: WrkRowResult): string {
  return `| ${what} | ${connections} | ${r.loopP50.toFixed(1)} / ${r.loopP99.toFixed(1)} / ${r.loopMax.toFixed(1)} | ${r.gcCount} (${r.gcMajor}) | ${r.gcTotalMs.toFixed(0)} / ${r.gcMaxMs.toFixed(1)} | ${batch(r.counter)} | ${batch(r.probe)} |`;
}

export function wrkTableRow(what: string, connections: number, r: WrkRowResult): string {
  const refused = Object.values(r.refused).reduce((a, b) => a + b, 0);
  const detail = Object.entries(r.refused)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `| ${what} | ${connections} | ${r.requests} | ${Math.round(r.requests / r.seconds)} | ${r.accepted} | ${refused + r.socketErrors + r.non2xx}${detail ? ` (${detail})` : ''} | **${Math.round(r.accepted / r.seconds)}** | ${r.p50.toFixed(2)} | ${r.p90.toFixed(2)} | **${r.p99.toFixed(2)}** | ${r.p999.toFixed(2)} | ${r.max.toFixed(1)} | ${r.loopP99.toFixed(1)} | ${r.cpuPercent.toFixed(0)} % | ${r.load.toFixed(1)} | ${Number.isNaN(r.cpuPressure) ? '–' : `${r.cpuPressure.toFixed(0)} %`} |`;
}
