// The peer of `npm run bench:scan:wrk` (#33 item 1): nfc-developer/sdm-backend, a stateless SUN verifier
// (Flask under gunicorn, no database, no replay check), on the same machine, driven by the same wrk with
// the same settings and the same shape of fresh taps (AES, `picc_data=…&cmac=…`, one chip's taps in
// counter order), alternating with MetaTag's rows, so the ratio of the two is measured in one run.
//
// Nothing of sdm-backend is in this repository: SDM_BACKEND_DIR names an existing checkout of
// nfc-developer/sdm-backend, and it runs under the machine's own Python (SDM_BACKEND_PYTHON, default
// /usr/bin/python3) with its own Flask, PyCryptodome and gunicorn (on Debian: python3-flask,
// python3-pycryptodome, gunicorn). Without a checkout or those modules the peer rows are skipped with a
// line saying why: the benchmark never fails for want of the peer.
//
// Its configuration is its own `config.docker.py` (every setting from the environment), copied into a
// temporary directory on PYTHONPATH as `config`: DERIVE_MODE=standard, MASTER_KEY a fresh random key,
// from which the taps' keys are derived with libs/chips' sdmBackendKeys (libsdm/derive.py's algorithm,
// checked against its published answers in libs/chips' tests). Debian's python3-pycryptodome installs
// PyCryptodome as `Cryptodome`; where `Crypto` is missing the temporary directory also gets a `Crypto`
// package that is that module, so sdm-backend's `from Crypto.Cipher import AES` finds it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdmBackendKeys, simulateTapQuery } from '@metatag/chips';

export interface PeerServer {
  url: string;
  workers: number;
  masterKey: Buffer;
  /** The gunicorn master and its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

export interface PeerRowResult {
  requests: number;
  verified: number;
  seconds: number;
  errors: number;
  p50: number;
  p99: number;
  p999: number;
  /** CPU time of gunicorn's processes during the row, µs. */
  cpuUs: number;
  load: number;
  cpuPressure: number;
}

const LUA = fileURLToPath(new URL('./scan-peer.wrk.lua', import.meta.url));

function python(): string {
  return process.env.SDM_BACKEND_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
}

function canImport(py: string, modules: string, pythonPath?: string): boolean {
  const result = spawnSync(py, ['-c', `import ${modules}`], {
    env: { ...process.env, ...(pythonPath ? { PYTHONPATH: pythonPath } : {}) },
    stdio: 'ignore',
  });
  return result.status === 0;
}

function cpuUsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function cpuWaitedUs(): number {
  try {
    return Number(/total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0])?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts sdm-backend, or says why it cannot (the peer rows are then skipped). */
export async function startSdmBackend(): Promise<PeerServer | string> {
  const dir = process.env.SDM_BACKEND_DIR;
  if (!dir)
    return 'SDM_BACKEND_DIR is not set (a checkout of nfc-developer/sdm-backend): the peer rows are skipped';
  if (!existsSync(join(dir, 'app.py')) || !existsSync(join(dir, 'config.docker.py')))
    return `SDM_BACKEND_DIR=${dir} has no app.py and config.docker.py of nfc-developer/sdm-backend: the peer rows are skipped`;
  const py = python();
  if (!canImport(py, 'flask, gunicorn'))
    return `${py} cannot import flask and gunicorn (Debian: apt-get install python3-flask gunicorn): the peer rows are skipped`;
  const config = mkdtempSync(join(tmpdir(), 'metatag-sdm-backend-'));
  copyFileSync(join(dir, 'config.docker.py'), join(config, 'config.py'));
  let cryptoNote = '';
  if (!canImport(py, 'Crypto.Cipher.AES, Crypto.Hash.CMAC')) {
    if (!canImport(py, 'Cryptodome.Cipher.AES'))
      return `${py} has no PyCryptodome (Debian: apt-get install python3-pycryptodome): the peer rows are skipped`;
    mkdirSync(join(config, 'Crypto'));
    writeFileSync(
      join(config, 'Crypto', '__init__.py'),
      '# Debian installs PyCryptodome as Cryptodome; sdm-backend imports Crypto\nimport sys, Cryptodome\nsys.modules[__name__] = Cryptodome\n',
    );
    cryptoNote = ' (PyCryptodome as Debian names it, `Cryptodome`, aliased as `Crypto`)';
  }
  const masterKey = randomBytes(16);
  const workers = Number(process.env.SDM_BACKEND_WORKERS ?? availableParallelism());
  const port = await freePort();
  const child: ChildProcess = spawn(
    py,
    [
      '-m',
      'gunicorn',
      '--workers',
      String(workers),
      '--bind',
      `127.0.0.1:${port}`,
      '--chdir',
      dir,
      'app:app',
    ],
    {
      env: {
        ...process.env,
        PYTHONPATH: config,
        DERIVE_MODE: 'standard',
        MASTER_KEY: masterKey.toString('hex'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(config, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) {
      await stop();
      return `sdm-backend exited at start (${child.exitCode}): ${output.trim().split('\n').slice(-3).join(' / ')}`;
    }
    // every worker must have booted: gunicorn logs one line per worker
    const booted = (output.match(/Booting worker/g) ?? []).length;
    if (
      booted >= workers &&
      (await fetch(`${url}/api/tag`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      break;
    if (waited > 30_000) {
      await stop();
      return `sdm-backend did not answer within 30 s: ${output.trim().split('\n').slice(-3).join(' / ')}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // it must verify our taps, else its rows would measure refusals
  const uid = randomBytes(7).toString('hex').toUpperCase();
  const query = simulateTapQuery(
    sdmBackendKeys(masterKey, uid),
    { uid, readCounter: 1, mode: 'aes' },
    'picc',
  );
  const answer = (await (await fetch(`${url}/api/tag?${query}`)).json()) as {
    uid?: string;
    read_ctr?: number;
  };
  if (answer.uid !== uid || answer.read_ctr !== 1) {
    await stop();
    return `sdm-backend did not verify a tap made with its derivation (${JSON.stringify(answer)}): the peer rows are skipped`;
  }
  console.log(
    `\nsdm-backend peer: ${dir}, gunicorn ${workers} sync workers on ${url}, DERIVE_MODE=standard, Python ${py}${cryptoNote}`,
  );
  return {
    url,
    workers,
    masterKey,
    pids: () => (child.pid ? [child.pid, ...childrenOf(child.pid)] : []),
    stop,
  };
}

/** One peer row: fresh taps for `uids` (counters above `counterBase`), then wrk with the MetaTag rows' settings. */
export async function peerRow(
  peer: PeerServer,
  uids: string[],
  connections: number,
  seconds: number,
  threads: number,
  counterBase: number,
  perSecond: number,
): Promise<PeerRowResult & { maxCounter: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'metatag-peer-wrk-'));
  try {
    const prefix = join(dir, 'taps');
    const perThread = Math.ceil((seconds * perSecond) / threads);
    let maxCounter = counterBase;
    for (let t = 0; t < threads; t++) {
      const mine = uids.filter((_, i) => i % threads === t);
      const keys = mine.map((uid) => sdmBackendKeys(peer.masterKey, uid));
      const rounds = Math.ceil(perThread / mine.length);
      const lines: string[] = [];
      for (let round = 1; round <= rounds; round++) {
        const readCounter = counterBase + round;
        mine.forEach((uid, i) => {
          lines.push(`/api/tag?${simulateTapQuery(keys[i], { uid, readCounter, mode: 'aes' }, 'picc')}`);
        });
      }
      maxCounter = Math.max(maxCounter, counterBase + rounds);
      writeFileSync(`${prefix}.${t + 1}`, `${lines.join('\n')}\n`);
    }
    const pids = peer.pids();
    const cpu0 = pids.reduce((sum, pid) => sum + cpuUsOf(pid), 0);
    const waited0 = cpuWaitedUs();
    const wrk = await new Promise<Record<string, number>>((resolve, reject) => {
      const child = spawn(
        process.env.BENCH_WRK ?? 'wrk',
        [
          `-t${threads}`,
          `-c${connections}`,
          `-d${seconds}s`,
          '--timeout',
          '10s',
          '-s',
          LUA,
          `${peer.url}/api/tag`,
        ],
        { env: { ...process.env, SCAN_TAPS: prefix }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => {
        const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
        if (code !== 0 || !line) reject(new Error(`wrk exited ${code}:\n${out}`));
        else resolve(JSON.parse(line) as Record<string, number>);
      });
    });
    const cpuUs = pids.reduce((sum, pid) => sum + cpuUsOf(pid), 0) - cpu0;
    const waitedUs = cpuWaitedUs() - waited0;
    return {
      requests: wrk.requests,
      verified: wrk.verified,
      seconds: wrk.durationUs / 1e6,
      errors: wrk.connectErrors + wrk.readErrors + wrk.writeErrors + wrk.timeouts + wrk.statusErrors,
      p50: wrk.p50 / 1000,
      p99: wrk.p99 / 1000,
      p999: wrk.p999 / 1000,
      cpuUs,
      load: loadavg()[0],
      cpuPressure: (waitedUs / wrk.durationUs) * 100,
      maxCounter,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const PEER_TABLE_HEADER = [
  '| connections | round | MetaTag verified/s | MetaTag p99 / p99.9 ms | sdm-backend verified/s | sdm-backend p99 / p99.9 ms | **MetaTag ÷ sdm-backend** | MetaTag CPU µs / scan (server less its idle, + database) | sdm-backend CPU µs / scan (gunicorn master + workers) | load avg | CPU pressure (MetaTag / peer) |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];

export interface OurRow {
  accepted: number;
  seconds: number;
  p99: number;
  p999: number;
  cpuUs: number;
  cpuPressure: number;
}

export function peerTableRow(connections: number, round: number, ours: OurRow, peer: PeerRowResult): string {
  const ourRate = ours.accepted / ours.seconds;
  const peerRate = peer.verified / peer.seconds;
  const pressure = (x: number) => (Number.isNaN(x) ? '–' : `${x.toFixed(0)} %`);
  return `| ${connections} | ${round} | ${Math.round(ourRate)} | ${ours.p99.toFixed(2)} / ${ours.p999.toFixed(2)} | ${Math.round(peerRate)}${peer.errors ? ` (${peer.errors} errors)` : ''} | ${peer.p99.toFixed(2)} / ${peer.p999.toFixed(2)} | **${(ourRate / peerRate).toFixed(2)}×** | ${Math.round(ours.cpuUs / ours.accepted)} | ${Math.round(peer.cpuUs / peer.verified)} | ${peer.load.toFixed(1)} | ${pressure(ours.cpuPressure)} / ${pressure(peer.cpuPressure)} |`;
}
