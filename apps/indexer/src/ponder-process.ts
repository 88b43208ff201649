import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type PonderLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** One line of Ponder's output: its JSON log records, or plain text it prints outside its logger. */
export interface PonderLogEntry {
  level: PonderLogLevel;
  msg: string;
  /** Ponder's component: build, database, sync, historical, realtime, indexing, server, ... */
  service?: string;
  error?: unknown;
}

const PINO_LEVELS: Record<number, PonderLogLevel> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

export function parsePonderLine(line: string): PonderLogEntry {
  try {
    const record = JSON.parse(line) as { level?: unknown; msg?: unknown; service?: unknown; error?: unknown };
    if (typeof record === 'object' && record !== null && typeof record.msg === 'string') {
      return {
        level: PINO_LEVELS[Number(record.level)] ?? 'info',
        msg: record.msg,
        service: typeof record.service === 'string' ? record.service : undefined,
        error: record.error,
      };
    }
  } catch {
    // not JSON: Ponder's sync-store migrations print plain lines
  }
  return { level: 'info', msg: line };
}

/** Ponder's CLI script and version, found in the node_modules above `appDir` (npm workspaces hoist it). */
export function locatePonder(appDir: string): { script: string; version: string } {
  for (let dir = appDir; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', 'ponder', 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string; bin: { ponder: string } };
      return { script: join(dirname(manifest), pkg.bin.ponder), version: pkg.version };
    }
    if (dirname(dir) === dir) throw new Error(`ponder is not installed above ${appDir} (npm install)`);
  }
}

export interface PonderProcessOptions {
  appDir: string;
  script: string;
  /** The versioned schema Ponder writes into. */
  schema: string;
  host: string;
  port: number;
  /** DATABASE_URL and INDEXER_CHAINS. */
  env: { DATABASE_URL: string; INDEXER_CHAINS: string };
  logLevel: PonderLogLevel;
  onLog(entry: PonderLogEntry): void;
}

export interface PonderProcess {
  child: ChildProcess;
  /** Where Ponder's HTTP server answers (/health, /ready, /status, /metrics). */
  url: string;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once `path` answers 200; rejects when Ponder exits first. */
  waitFor(path: '/health' | '/ready'): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs` (Ponder itself gives up after 5 s). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Ponder reads several variables of its own: PORT would override `-p`, DATABASE_PRIVATE_URL would win
 * over DATABASE_URL and DATABASE_SCHEMA would be a fallback schema. The standalone process has PORT set
 * for its gateway, so these are removed before Ponder sees them.
 */
const PONDER_OVERRIDES = ['PORT', 'DATABASE_PRIVATE_URL', 'DATABASE_SCHEMA', 'PONDER_LOG_LEVEL'];

export function spawnPonder(options: PonderProcessOptions): PonderProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of PONDER_OVERRIDES) delete env[key];
  Object.assign(env, options.env, { PONDER_TELEMETRY_DISABLED: 'true' });
  const args = [
    options.script,
    'start',
    '--root',
    'ponder',
    '--schema',
    options.schema,
    '--hostname',
    options.host,
    '--port',
    String(options.port),
    '--log-format',
    'json',
    '--log-level',
    options.logLevel,
  ];
  const child = spawn(process.execPath, args, {
    cwd: options.appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) options.onLog(parsePonderLine(line));
    });
  }
  // Ponder would outlive a launcher that crashes (an uncaught error still runs 'exit' listeners).
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      process.removeListener('exit', killOnExit);
      resolve(code);
    });
    child.once('error', (error) => {
      options.onLog({ level: 'error', msg: `ponder could not start: ${error.message}` });
      resolve(1);
    });
  });
  const probeHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${options.port}`;
  let done = false;
  // `exited` only resolves (with the exit code), it never rejects
  void exited.then(() => (done = true));

  async function waitFor(path: '/health' | '/ready'): Promise<void> {
    for (;;) {
      if (done) throw new Error(`the indexer stopped before ${path} answered`);
      const ok = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(2_000) }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return;
      await Promise.race([new Promise((r) => setTimeout(r, 100)), exited]);
    }
  }

  async function stop(graceMs = 10_000): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  }

  return { child, url, exited, waitFor, stop };
}
