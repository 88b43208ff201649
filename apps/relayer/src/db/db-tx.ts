import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/** A Drizzle handle inside `db.transaction(...)`; repositories take it to join the caller's transaction. */
export type DbTx = Parameters<Parameters<NodePgDatabase['transaction']>[0]>[0];

/** Either the pool-backed client or a transaction: what a repository method writes through. */
export type DbExecutor = NodePgDatabase | DbTx;
