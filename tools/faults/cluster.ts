// The fault-injection suite's cluster: its OWN NATS, Redis, PostgreSQL and anvil on free ports (never the
// machine's shared services on 4222 / 6379 / 5432), and the built apps (dist) as separate processes, with
// replicas. Every process can be SIGKILLed and started again on the same port and data directory.
// Everything is stopped and every temporary directory removed by `stop()`, and SIGKILLed on process exit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ensureDefaultCollection,
  ensureSharedContracts,
  startAnvil,
  type AnvilHandle,
} from '@metatag/contracts/node';
import { freePort, waitFor } from '../testing/processes.js';
import {
  saveChainStateEachBlock,
  type ChainStateSaver,
} from '../../apps/standalone/src/chain-state-saver.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** anvil's first development key (deploys the shared contracts) and #1 (the relayer): our own chain only. */
const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const RELAYER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const ADMIN_PASSWORD = 'faults-admin-password';

/** A process the suite owns: killed with SIGKILL (its whole process group) and started again alike. */
export class Managed {
  child: ChildProcess | undefined;
  private log: string[] = [];
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: { env?: Record<string, string>; uid?: number; gid?: number; cwd?: string } = {},
  ) {}

  start(): void {
    const child = spawn(this.command, this.args, {
      cwd: this.options.cwd ?? root,
      env: { ...process.env, ...this.options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group: kill -9 reaches the children too (PostgreSQL's backends)
      detached: true,
      uid: this.options.uid,
      gid: this.options.gid,
    });
    const keep = (d: Buffer) => {
      this.log.push(d.toString());
      if (this.log.length > 200) this.log.splice(0, 100);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    live.add(this);
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return `--- ${this.name}\n${this.log.join('').slice(-3000)}`;
  }

  /** kill -9 of the process group, resolved once the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      child.kill(signal);
    }
    await exited;
    live.delete(this);
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    const timer = setTimeout(() => void this.kill('SIGKILL'), graceMs);
    await this.kill('SIGTERM');
    clearTimeout(timer);
  }
}

const live = new Set<Managed>();
const tempDirs = new Set<string>();
/**
 * The processes run in their own process groups (so kill -9 reaches PostgreSQL's backends), which a
 * Ctrl-C of the test does not reach: on exit, and on SIGINT / SIGTERM, they are killed here.
 */
function killEverything(): void {
  for (const m of live) {
    try {
      if (m.child?.pid) process.kill(-m.child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  live.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', killEverything);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killEverything();
    process.exit(130);
  });

/** A temporary directory removed by `stop()`, or on exit at the latest. */
function tempDir(dirs: string[], prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  tempDirs.add(dir);
  return dir;
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

async function waitPort(m: Managed, port: number, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    async () => {
      if (!m.running) throw new Error(`${m.name} exited\n${m.output()}`);
      return (await portOpen(port)) || undefined;
    },
    timeoutMs,
    `${m.name} on port ${port}`,
  );
}

/**
 * PostgreSQL answering queries, not only its port: after kill -9 it replays its WAL first and refuses
 * connections meanwhile ("the database system is starting up"), which took seconds under CI's load.
 * The suite's clocks ("PostgreSQL back") start here, when a service could do anything at all.
 */
async function waitQueryable(m: Managed, port: number, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      if (!m.running) throw new Error(`${m.name} exited\n${m.output()}`);
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        return undefined;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    timeoutMs,
    `${m.name} answering queries on port ${port}`,
  );
}

/** An infrastructure server of the suite: NATS, Redis or PostgreSQL on its own port. */
export interface Infra {
  name: string;
  port: number;
  proc: Managed;
  restart(): Promise<void>;
}

function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** PostgreSQL refuses to run as root: the suite's cluster runs as the `postgres` user when we are root. */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgres(dirs: string[]): Promise<Infra> {
  const bin = postgresBin();
  const user = postgresUser();
  const dir = tempDir(dirs, 'metatag-faults-pg-');
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { ...user, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=500',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
  ];
  const proc = new Managed('postgres', join(bin, 'postgres'), args, user);
  const start = async () => {
    // after kill -9 the old shared memory may still be attached for a moment: try again
    for (let attempt = 0; ; attempt++) {
      proc.start();
      try {
        await waitPort(proc, port);
        await waitQueryable(proc, port);
        return;
      } catch (error) {
        if (attempt >= 10) throw error;
        await proc.kill();
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  await start();
  return { name: 'PostgreSQL', port, proc, restart: start };
}

export async function startRedis(dirs: string[]): Promise<Infra> {
  const dir = tempDir(dirs, 'metatag-faults-redis-');
  const port = await freePort();
  // no persistence: a kill -9 loses every job in Redis; the relayer's database must make up for it
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  const proc = new Managed('redis', 'redis-server', args);
  const start = async () => {
    proc.start();
    await waitPort(proc, port);
  };
  await start();
  return { name: 'Redis', port, proc, restart: start };
}

export async function startNats(dirs: string[]): Promise<Infra> {
  const dir = tempDir(dirs, 'metatag-faults-nats-');
  const port = await freePort();
  const bin = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
  const proc = new Managed('nats', bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir]);
  const start = async () => {
    proc.start();
    await waitPort(proc, port);
  };
  await start();
  return { name: 'NATS', port, proc, restart: start };
}

/** One replica of an app: its process, its ports (gateway: PORT; every app: METRICS_PORT → /readyz). */
export interface Replica {
  app: string;
  index: number;
  proc: Managed;
  /** The gateway's public port. */
  port?: number;
  /** /readyz of this replica: the gateway's own, the services' on METRICS_PORT, the indexer's /ready. */
  readyUrl: string;
  restart(): Promise<void>;
}

export interface Cluster {
  env: Record<string, string>;
  nats: Infra;
  redis: Infra;
  postgres: Infra;
  anvil: AnvilHandle;
  /**
   * The chain as the standalone runs it: its state saved after every block, so a kill -9 loses at most
   * the blocks mined since the last dump, and a restart on the same port loads the saved state.
   */
  chain: { kill(): Promise<void>; restart(): Promise<void> };
  replicas: Replica[];
  gateways: Replica[];
  collection: `0x${string}`;
  databaseUrl: string;
  stop(): Promise<void>;
  output(): string;
}

/** Services with replicas (their NATS queue group shares the requests); the indexer is one writer. */
export const SERVICES = ['auth', 'templates', 'chiplinks', 'relayer', 'deployer'] as const;

/**
 * `saveChain`: the chain's state is dumped after every block (needed only by a case that kills the
 * chain: each dump costs anvil and this process some CPU on a 2-core machine).
 */
export async function startCluster(options: { replicas: number; saveChain?: boolean }): Promise<Cluster> {
  const dirs: string[] = [];
  const infra: Infra[] = [];
  const replicas: Replica[] = [];
  let cluster: Cluster;
  let anvil: AnvilHandle | undefined;
  let saver: ChainStateSaver | undefined;
  const stop = async () => {
    await Promise.all(replicas.map((r) => r.proc.stop(5_000)));
    await saver?.stop();
    await anvil?.stop();
    await Promise.all(infra.map((i) => i.proc.kill()));
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
      tempDirs.delete(dir);
    }
  };
  try {
    const [postgres, redis, nats] = await Promise.all([
      startPostgres(dirs),
      startRedis(dirs),
      startNats(dirs),
    ]);
    infra.push(postgres, redis, nats);
    const stateFile = join(dirs[0], 'chain-state.json');
    // stateInterval 0: anvil's own dumps are whole seconds apart and not atomic; the saver writes them
    anvil = await startAnvil({ stateFile, stateInterval: 0 });
    const quiet = { warn: () => undefined } as unknown as Parameters<typeof saveChainStateEachBlock>[2];
    if (options.saveChain) saver = saveChainStateEachBlock(() => anvil!.url, stateFile, quiet);
    const chain: Cluster['chain'] = {
      kill: async () => {
        const child = anvil!.child;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        await exited;
      },
      restart: async () => {
        if (!saver) throw new Error('chain.restart() needs startCluster({ saveChain: true })');
        anvil = await startAnvil({ port: anvil!.port, stateFile, stateInterval: 0 });
        cluster.anvil = anvil;
      },
    };
    const shared = await ensureSharedContracts({
      rpcUrl: anvil.url,
      privateKey: DEPLOYER_KEY,
      stateFile: join(dirs[0], 'contracts.json'),
      tagRelayerAuthorizer: privateKeyToAccount(RELAYER_KEY).address,
    });
    const gatewayPorts = await Promise.all(Array.from({ length: options.replicas }, () => freePort()));
    const origin = `http://localhost:${gatewayPorts[0]}`;
    const collection = await ensureDefaultCollection({
      rpcUrl: anvil.url,
      privateKey: DEPLOYER_KEY,
      locator: shared.libraryAddressLocator,
      minter: privateKeyToAccount(RELAYER_KEY).address,
      metadataBase: (address) => `${origin}/metadata/ganache/${address.toLowerCase()}/`,
      stateFile: join(dirs[0], 'default-collection.json'),
    });
    const databaseUrl = `postgres://postgres@127.0.0.1:${postgres.port}/metatag`;
    const { ensureDatabaseExists } = await import('@metatag/db');
    await ensureDatabaseExists(databaseUrl);
    const env: Record<string, string> = {
      TRANSPORT: 'nats',
      NATS_URL: `nats://127.0.0.1:${nats.port}`,
      QUEUE: 'bullmq',
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      QUEUE_PREFIX: `faults-${randomBytes(3).toString('hex')}`,
      DATABASE_URL: databaseUrl,
      RPC_URL_GANACHE: anvil.url,
      RELAYER_PRIVATE_KEY: RELAYER_KEY,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator,
      TAG_RELAYER_GANACHE: shared.tagRelayer,
      DEFAULT_COLLECTION_GANACHE: collection.address.toLowerCase(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
      CHIP_MASTER_KEY: randomBytes(16).toString('hex'),
      SUPER_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SCAN_RATE_LIMIT_PER_MINUTE: '0',
      RELAYER_PAID_TX_PER_MINUTE: '0',
      TX_RECEIPT_POLL_MS: '200',
      RPC_TIMEOUT_MS: '5000',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      DATA_DIR: dirs[0],
    };
    const startReplica = async (app: string, index: number): Promise<Replica> => {
      const own: Record<string, string> = { METRICS_PORT: String(await freePort()) };
      let port: number | undefined;
      let readyUrl = `http://127.0.0.1:${own.METRICS_PORT}/readyz`;
      if (app === 'gateway') {
        port = gatewayPorts[index];
        own.PORT = String(port);
        readyUrl = `http://127.0.0.1:${port}/readyz`;
      }
      if (app === 'indexer') {
        own.INDEXER_PORT = String(await freePort());
        readyUrl = `http://127.0.0.1:${own.INDEXER_PORT}/ready`;
      }
      const proc = new Managed(
        `${app}#${index + 1}`,
        process.execPath,
        [join('apps', app, 'dist', 'main.js')],
        {
          env: { ...env, ...own },
        },
      );
      proc.start();
      return {
        app,
        index,
        proc,
        port,
        readyUrl,
        restart: async () => proc.start(),
      };
    };
    // the indexer and one replica of each service first: they migrate their schemas one at a time
    for (const app of ['indexer', ...SERVICES]) {
      const replica = await startReplica(app, 0);
      replicas.push(replica);
      if (app !== 'indexer') await waitReady(replica, 90_000);
    }
    for (const app of SERVICES)
      for (let i = 1; i < options.replicas; i++) replicas.push(await startReplica(app, i));
    for (let i = 0; i < options.replicas; i++) replicas.push(await startReplica('gateway', i));
    cluster = {
      env,
      nats,
      redis,
      postgres,
      anvil,
      chain,
      replicas,
      gateways: replicas.filter((r) => r.app === 'gateway'),
      collection: collection.address.toLowerCase() as `0x${string}`,
      databaseUrl,
      stop,
      output: () =>
        [...infra.map((i) => i.proc.output()), ...replicas.map((r) => r.proc.output())].join('\n'),
    };
    for (const gateway of cluster.gateways) await waitReady(gateway, 120_000, cluster);
    return cluster;
  } catch (error) {
    const logs = [...infra.map((i) => i.proc.output()), ...replicas.map((r) => r.proc.output())].join('\n');
    await stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}

export async function readyStatus(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0; // refused or timed out: not ready either
  }
}

export async function waitReady(replica: Replica, timeoutMs: number, cluster?: Cluster): Promise<void> {
  await waitFor(
    async () => {
      if (!replica.proc.running) throw new Error(`${replica.proc.name} exited\n${replica.proc.output()}`);
      return (await readyStatus(replica.readyUrl)) === 200 || undefined;
    },
    timeoutMs,
    `${replica.proc.name} ready (${replica.readyUrl})`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${cluster?.output() ?? replica.proc.output()}`);
  });
}
