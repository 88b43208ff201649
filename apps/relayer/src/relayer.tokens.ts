/** Injection tokens of the relayer's own adapters (config, database, logger, clock come from nest-kit). */
export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const EVENTS = Symbol('EVENTS');
export const SIGNER = Symbol('SIGNER');
export const CHAINS = Symbol('CHAINS');
export const BROADCASTER = Symbol('BROADCASTER');
/**
 * A small pool of its own for the senders' batch transactions: the one serial step of the pipeline
 * (nonce lock → sign → store) never waits behind hundreds of job queries for a connection.
 */
export const SENDER_DATABASE = Symbol('SENDER_DATABASE');
/**
 * The pool of the background work (job processors, receipt tracker, mint confirmer, outbox): a burst of
 * API requests fills the service's main pool, never this one, so the pipeline keeps moving (bulkhead).
 */
export const WORKER_DATABASE = Symbol('WORKER_DATABASE');
/** The MintRepository on the worker pool (the API's own instance uses the main pool). */
export const WORKER_MINTS = Symbol('WORKER_MINTS');
