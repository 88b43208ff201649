import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { IndexerConfig } from '@metatag/config';
import { indexedChains, type IndexedChain } from './chains.js';
import { locatePonder, spawnPonder, type PonderLogEntry, type PonderLogLevel } from './ponder-process.js';
import { padLocalChain } from './local-chain.js';
import { identifyChain, versionedSchemaName } from './schema-version.js';
import {
  activateViews,
  dropStaleSchemas,
  releaseAbandonedLock,
  releaseSchemaLock,
  schemaExists,
  viewSource,
} from './views.js';

/** apps/indexer, from src/ (sources) or dist/ (build). */
const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export type IndexerLogEntry = PonderLogEntry;

export interface StartIndexerOptions {
  /** Validated with libs/config `indexerSchema`. */
  config: IndexerConfig;
  /** Ponder's log records and the launcher's own messages. */
  onLog?: (entry: IndexerLogEntry) => void;
  /** The indexer app directory (default: this package). */
  appDir?: string;
}

export interface RunningIndexer {
  /** Ponder's HTTP server: /health, /ready, /status, /metrics. */
  url: string;
  /** Ponder's process id; undefined when there is nothing to index. */
  pid: number | undefined;
  /** The versioned schema this build writes into; undefined when there is nothing to index. */
  schema: string | undefined;
  chains: IndexedChain[];
  /** Ponder serves HTTP and the stable views exist (they may still read the previous build). */
  healthy: Promise<void>;
  /** The historical sync is done and the stable views read this build. Rejects if the indexer stops first. */
  ready: Promise<void>;
  /** Resolves with Ponder's exit code when it stops (on its own or through stop()). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const PONDER_LEVELS: readonly PonderLogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

function ponderLevel(level: string): PonderLogLevel {
  // Ponder has no "fatal"/"silent" threshold of its own; error is the quietest it takes.
  if (level === 'silent' || level === 'fatal') return 'error';
  return PONDER_LEVELS.includes(level as PonderLogLevel) ? (level as PonderLogLevel) : 'info';
}

async function assertPortFree(host: string, port: number): Promise<void> {
  // Ponder silently moves to the next free port; the launcher must know where it listens.
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} is already in use. Stop whatever uses it or set INDEXER_PORT to another port.`,
            )
          : error,
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/** Without any chain to follow Ponder never becomes ready, so the launcher answers the probes itself. */
async function serveIdle(host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const known = req.url === '/health' || req.url === '/ready';
    res.writeHead(known ? 200 : 404, { 'content-type': 'text/plain' }).end(known ? 'no chains to index' : '');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

/**
 * Starts the chain indexer: validates each chain's RPC URL, runs Ponder in a schema of this build
 * (`<INDEXER_SCHEMA>_<hash>`) and keeps the stable views in INDEXER_SCHEMA pointed at a complete
 * index. A first start points the views at the new schema at once (readers see it fill up, and
 * `status` says how far it is); a new build backfills next to the live one and takes the views over
 * when its historical sync is done, then the old schema is dropped. Returns as soon as Ponder runs.
 */
export async function startIndexer(options: StartIndexerOptions): Promise<RunningIndexer> {
  const { config } = options;
  const log = options.onLog ?? (() => undefined);
  const appDir = options.appDir ?? APP_DIR;
  const host = config.INDEXER_HOST;
  const port = config.INDEXER_PORT;
  const stable = config.INDEXER_SCHEMA;
  const chains = indexedChains(config);
  await assertPortFree(host, port);

  if (chains.length === 0) {
    log({
      level: 'warn',
      msg: 'no chain has a library-address locator (LIBRARY_LOCATOR_<CHAIN>): nothing to index',
    });
    const server = await serveIdle(host, port);
    let closed: () => void = () => undefined;
    const exited = new Promise<number | null>((resolve) => (closed = () => resolve(0)));
    return {
      url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
      pid: undefined,
      schema: undefined,
      chains,
      healthy: Promise.resolve(),
      ready: Promise.resolve(),
      exited,
      stop: () => new Promise<void>((resolve) => server.close(() => (closed(), resolve()))),
    };
  }

  const ponder = locatePonder(appDir);
  for (const chain of chains) {
    const mined = await padLocalChain(chain);
    if (mined) log({ level: 'info', msg: `mined ${mined} empty blocks on ${chain.name} (local-chain.ts)` });
  }
  const identities = await Promise.all(chains.map((chain) => identifyChain(chain)));
  const schema = await versionedSchemaName({
    base: stable,
    ponderDir: join(appDir, 'ponder'),
    ponderVersion: ponder.version,
    chains,
    identities,
  });
  const pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    max: 2,
    application_name: 'indexer_views',
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  log({ level: 'info', msg: `indexing ${chains.map((c) => c.name).join(', ')} into schema ${schema}` });
  try {
    if (await releaseAbandonedLock(pool, schema)) {
      log({ level: 'info', msg: `released the lock a stopped indexer left on ${schema}` });
    }
  } catch (error) {
    await pool.end();
    throw error;
  }

  const child = spawnPonder({
    appDir,
    script: ponder.script,
    schema,
    host,
    port,
    env: { DATABASE_URL: config.DATABASE_URL, INDEXER_CHAINS: JSON.stringify(chains) },
    logLevel: ponderLevel(config.LOG_LEVEL),
    onLog: log,
  });

  const activate = async (reason: string) => {
    await activateViews(pool, { stable, source: schema, chains });
    log({ level: 'info', msg: `views ${stable}.* now read ${schema} (${reason})` });
  };

  let stopped = false;
  // Set once Ponder answers /health: it has taken the schema's lock by then (it migrates first).
  let ownsSchema = false;
  const exited = child.exited.then(async (code) => {
    if (ownsSchema) {
      await releaseSchemaLock(pool, schema).catch((error: unknown) =>
        log({ level: 'warn', msg: `could not release the lock of ${schema}`, error }),
      );
    }
    return code;
  });

  const healthy = (async () => {
    await child.waitFor('/health');
    ownsSchema = true;
    // Ponder has created its tables by the time it answers /health.
    const current = await viewSource(pool, stable);
    if (current === undefined || current === schema || !(await schemaExists(pool, current))) {
      await activate(current === schema ? 'same build' : 'first index');
      return { switched: true };
    }
    log({ level: 'info', msg: `views ${stable}.* keep reading ${current} until ${schema} has caught up` });
    return { switched: false };
  })();

  const ready = (async () => {
    const { switched } = await healthy;
    await child.waitFor('/ready');
    if (!switched) await activate('caught up');
    const dropped = await dropStaleSchemas(pool, { stable, keep: schema });
    if (dropped.length)
      log({ level: 'info', msg: `dropped schemas of earlier builds: ${dropped.join(', ')}` });
  })();
  // Callers may not wait for these; a failure is still logged once, never an unhandled rejection.
  const healthyDone = healthy.then(() => undefined);
  healthyDone.catch(() => undefined);
  ready.catch((error: unknown) => {
    if (!stopped && child.child.exitCode === null) {
      log({ level: 'error', msg: 'the indexer could not publish its views', error });
    }
  });

  return {
    url: child.url,
    pid: child.child.pid,
    schema,
    chains,
    healthy: healthyDone,
    ready,
    exited,
    async stop() {
      if (stopped) return;
      stopped = true;
      await child.stop();
      await exited;
      await pool.end();
    },
  };
}
