import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

export interface DatabaseOptions {
  url: string;
  /** The PostgreSQL schema this service owns; unqualified names resolve there first. */
  schema: string;
  poolSize?: number;
  applicationName?: string;
}

/** A service's connection pool and Drizzle client, bound to the service's own schema. */
export interface Database {
  readonly db: NodePgDatabase;
  readonly pool: pg.Pool;
  readonly schema: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function createDatabase(options: DatabaseOptions): Database {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? options.schema,
    options: `-c search_path=${options.schema},public`,
    // A server that does not answer (host gone, not a refused port) must fail a connect in seconds,
    // not after the OS's TCP timeout (minutes): the loops retry, readiness says 503 meanwhile (#28).
    connectionTimeoutMillis: 5000,
    // Half-open connections to a server that vanished are found by the OS instead of hanging a query.
    keepAlive: true,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor may a checked-out client between two queries of a transaction (Ctrl-C stops PostgreSQL while
  // the services shut down): its next query fails instead, and the pool discards it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  let closed = false;
  const db = drizzle({ client: pool });
  givesClientsBack(db, pool);
  return {
    db,
    pool,
    schema: options.schema,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * drizzle-orm 0.45's `transaction` on a pool sends BEGIN before its try/finally, so a BEGIN that fails
 * never gives its client back. PostgreSQL killed between a checkout and its BEGIN leaked a client
 * each time. After a few such kills, a relayer replica's pool was empty for good: its sends waited
 * forever and its readiness ping timed out ("timeout exceeded when trying to connect" in the fault
 * suite's chain + PostgreSQL case; 3 mints lost in 1 of 6 runs).
 *
 * So a transaction checks its client out here, runs drizzle's transaction on that one client, and
 * always gives it back. A client left inside a transaction (its ROLLBACK failed too) is destroyed,
 * not reused; pg-pool itself drops one whose connection broke. Upstream: drizzle-team/drizzle-orm#6241
 * and #6114 (open); this goes once a release fixes it.
 */
function givesClientsBack(db: NodePgDatabase, pool: pg.Pool): void {
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase>();
  const transaction: NodePgDatabase['transaction'] = async (run, config) => {
    const client = await pool.connect();
    try {
      let bound = onClient.get(client);
      if (!bound) {
        bound = drizzle({ client });
        onClient.set(client, bound);
      }
      return await bound.transaction(run, config);
    } finally {
      client.release(client.getTransactionStatus() === 'I' ? undefined : true);
    }
  };
  db.transaction = transaction;
}
