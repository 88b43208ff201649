import type { Logger } from 'pino';
import { indexerSchema, loadConfig } from '@metatag/config';
import { startIndexer } from '@metatag/indexer';

/**
 * How long the standalone start waits for the index to be complete before it serves anyway. A first
 * sync of a long local chain can take minutes; the services read the chain directly until the
 * index has caught up (chain.status says how far it is).
 */
export const INDEXER_READY_WAIT_MS = 5_000;

export interface StandaloneIndexer {
  url: string;
  /** Waits for /ready until INDEXER_READY_WAIT_MS after the start at most; true when ready. */
  settle(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * The Ponder chain indexer as a child process on the embedded PostgreSQL and the local chain. Its
 * output goes to the debug log (errors to the error log); it is stopped before PostgreSQL is.
 */
export async function startIndexerProcess(options: {
  env: Record<string, string | undefined>;
  logger: Logger;
  databaseUrl: string;
  rpcUrl: string;
  locator: string;
  port: number;
}): Promise<StandaloneIndexer> {
  const { logger } = options;
  const started = Date.now();
  const config = loadConfig('indexer', indexerSchema, {
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    RPC_URL_GANACHE: options.rpcUrl,
    LIBRARY_LOCATOR_GANACHE: options.locator,
    INDEXER_HOST: '127.0.0.1',
    INDEXER_PORT: String(options.port),
  });
  const indexer = await startIndexer({
    config,
    onLog: ({ level, msg, service, error }) => {
      if (level === 'error' || level === 'fatal') logger.error({ indexer: service, err: error }, msg);
      else logger.debug({ indexer: service }, msg);
    },
  });
  let stopping = false;
  // `exited` only resolves (with the exit code), it never rejects
  void indexer.exited.then((code) => {
    if (!stopping) logger.error({ code }, 'the chain indexer stopped; chain reads fall back to the RPC');
  });
  const ready = indexer.ready.then(
    () => {
      logger.info({ url: indexer.url, schema: indexer.schema }, 'chain index ready');
      return true;
    },
    () => false,
  );
  return {
    url: indexer.url,
    async settle() {
      const wait = Math.max(0, INDEXER_READY_WAIT_MS - (Date.now() - started));
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        ready,
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), wait))),
      ]);
      clearTimeout(timer);
      if (!done) logger.info('the chain index is still syncing; serving meanwhile');
      return done;
    },
    async stop() {
      stopping = true;
      await indexer.stop();
    },
  };
}
