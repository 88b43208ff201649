import type pg from 'pg';
import type { IndexedChain } from './chains.js';

/**
 * The read contract of the index: plain views in the stable schema (INDEXER_SCHEMA, `chain`) over the
 * tables of the build that is live. Their names and columns must not change without the readers
 * (@metatag/chain-index) changing with them.
 */
export const VIEW_NAMES = [
  'transfers',
  'tokens',
  'collections',
  'status',
  'token_events',
  'recoveries',
  'redemptions',
] as const;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL name: ${name}`);
  return `"${name}"`;
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** CREATE VIEW statements of the stable schema over the versioned schema `source`. */
export function viewStatements(stable: string, source: string, chains: IndexedChain[]): string[] {
  const s = ident(stable);
  const src = ident(source);
  // Ponder records progress per network name; readers ask by chain id.
  const networks = chains.length
    ? `VALUES ${chains.map((c) => `(${literal(c.name)}, ${Number(c.chainId)})`).join(', ')}`
    : 'SELECT NULL::text, NULL::integer WHERE false';
  return [
    `CREATE VIEW ${s}.transfers AS
  SELECT id, chain_id, collection, token_id, from_address, to_address,
         block_number, block_timestamp, tx_hash, log_index
  FROM ${src}.transfer`,
    `CREATE VIEW ${s}.tokens AS
  SELECT chain_id, collection, token_id, owner, locked, parent_token_id, connected_to_tag, "limit",
         updated_block
  FROM ${src}.token`,
    `CREATE VIEW ${s}.token_events AS
  SELECT id, chain_id, collection, kind, token_id, parent_token_id, owner, connected,
         block_number, tx_hash, log_index
  FROM ${src}.token_event`,
    `CREATE VIEW ${s}.collections AS
  SELECT chain_id, address, deployer, owner, minter, created_block,
         COALESCE(recovery_allowed, false) AS recovery_allowed
  FROM ${src}.collection`,
    `CREATE VIEW ${s}.recoveries AS
  SELECT id, chain_id, collection, token_id, from_address, to_address, reason,
         block_number, block_timestamp, tx_hash, log_index
  FROM ${src}.recovery`,
    `CREATE VIEW ${s}.redemptions AS
  SELECT id, chain_id, collection, token_id, holder, burned,
         block_number, block_timestamp, tx_hash, log_index
  FROM ${src}.redemption`,
    `CREATE VIEW ${s}.status AS
  SELECT n.chain_id, st.block_number AS indexed_block, st.block_timestamp AS indexed_timestamp
  FROM ${src}._ponder_status st
  JOIN (${networks}) AS n(network_name, chain_id) ON n.network_name = st.network_name`,
    ...VIEW_NAMES.map(
      (view) =>
        `COMMENT ON VIEW ${s}.${ident(view)} IS ${literal(`MetaTag chain index (read-only), reading ${source}`)}`,
    ),
  ];
}

/** The versioned schema the stable views read now, if they exist. */
export async function viewSource(pool: pg.Pool, stable: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ table_schema: string }>(
    `SELECT DISTINCT table_schema FROM information_schema.view_table_usage
     WHERE view_schema = $1 AND view_name = 'transfers'`,
    [stable],
  );
  return rows[0]?.table_schema;
}

export async function schemaExists(pool: pg.Pool, schema: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return (rowCount ?? 0) > 0;
}

/**
 * Points the stable views at `source`, in one transaction: a reader sees the old views or the new
 * ones, never none. Serialized by an advisory lock in case two launchers race.
 */
export async function activateViews(
  pool: pg.Pool,
  options: { stable: string; source: string; chains: IndexedChain[] },
): Promise<void> {
  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: a server going away must fail the
  // query below, not crash the process with an unhandled 'error' event.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `metatag-indexer-views:${options.stable}`,
    ]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(options.stable)}`);
    for (const view of VIEW_NAMES) {
      await client.query(`DROP VIEW IF EXISTS ${ident(options.stable)}.${ident(view)}`);
    }
    for (const statement of viewStatements(options.stable, options.source, options.chains)) {
      await client.query(statement);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}

/**
 * Marks a schema's Ponder app as stopped. Ponder 1.0 means to do this on SIGTERM but exits before its
 * query runs, so its next start would wait ~25 s for the lock to expire. Only for a schema whose
 * Ponder process is known to have exited.
 */
export async function releaseSchemaLock(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(
    `UPDATE ${ident(schema)}._ponder_meta SET value = jsonb_set(value, '{is_locked}', to_jsonb(0)) WHERE key = 'app'`,
  );
}

/**
 * Releases the lock of a schema whose Ponder is gone without having released it (killed, or its
 * database stopped first, as the standalone process's Ctrl-C does): Ponder would wait ~25 s for it
 * to expire. A Ponder process that runs names its connections `<schema>_internal` etc., so no such
 * connection means no writer. Returns whether a lock was released.
 */
export async function releaseAbandonedLock(pool: pg.Pool, schema: string): Promise<boolean> {
  if (!(await schemaExists(pool, schema))) return false;
  const { rows } = await pool.query<{ attached: number }>(
    `SELECT count(*)::int AS attached FROM pg_stat_activity
     WHERE datname = current_database() AND application_name LIKE $1`,
    [`${schema}\\_%`],
  );
  if (rows[0].attached > 0) return false;
  const result = await pool
    .query(
      `UPDATE ${ident(schema)}._ponder_meta SET value = jsonb_set(value, '{is_locked}', to_jsonb(0))
       WHERE key = 'app' AND (value->>'is_locked')::int = 1`,
    )
    .catch(() => ({ rowCount: 0 })); // no metadata table yet: nothing to release
  return (result.rowCount ?? 0) > 0;
}

/** A Ponder app that has not written its heartbeat for this long is gone (Ponder's own timeout is 25 s). */
const STALE_AFTER_MS = 60_000;

/**
 * Drops the schemas of earlier builds (`<stable>_<hash>`) once the views read another one and no
 * Ponder process writes them any more. They are projections of the chain: nothing is lost.
 */
export async function dropStaleSchemas(
  pool: pg.Pool,
  options: { stable: string; keep: string; now?: number },
): Promise<string[]> {
  const { rows } = await pool.query<{ nspname: string }>(
    `SELECT nspname FROM pg_namespace WHERE nspname ~ $1 AND nspname <> $2 ORDER BY nspname`,
    [`^${options.stable}_[0-9a-f]{10}$`, options.keep],
  );
  const live = await viewSource(pool, options.stable);
  const now = options.now ?? Date.now();
  const dropped: string[] = [];
  for (const { nspname } of rows) {
    if (nspname === live) continue;
    const app = await pool
      .query<{ locked: number | null; heartbeat: string | null }>(
        `SELECT (value->>'is_locked')::int AS locked, value->>'heartbeat_at' AS heartbeat
         FROM ${ident(nspname)}._ponder_meta WHERE key = 'app'`,
      )
      .then(
        (result) => result.rows[0],
        () => undefined, // no Ponder metadata: its Ponder never finished migrating, nothing writes it
      );
    const active = app?.locked === 1 && Number(app.heartbeat) > now - STALE_AFTER_MS;
    if (active) continue;
    await pool.query(`DROP SCHEMA ${ident(nspname)} CASCADE`);
    dropped.push(nspname);
  }
  return dropped;
}
