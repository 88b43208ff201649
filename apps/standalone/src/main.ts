import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, standaloneSchema } from '@metatag/config';
import { startEmbeddedPostgres } from '@metatag/db';
import { createLogger, onShutdown } from '@metatag/nest-kit';
import { startStandalone } from './start-standalone.js';

let config;
try {
  config = loadConfig('standalone', standaloneSchema);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const logger = createLogger('standalone', config.LOG_LEVEL);
try {
  const stack = await startStandalone({ ...config, DATA_DIR: resolve(config.DATA_DIR) }, logger, {
    startPostgres: (dataDir, port, password, legacyPassword) =>
      startEmbeddedPostgres({
        dataDir,
        port,
        password,
        legacyPassword,
        onLog: (l) => logger.debug({ pg: l.trim() }),
      }),
  });
  onShutdown(logger, () => stack.stop());
  console.log(
    `\n  MetaTag is running at http://localhost:${config.PORT}\n  data: ${join(resolve(config.DATA_DIR))}\n  stop: Ctrl-C\n`,
  );
  if (stack.firstSignIn) {
    // printed once, on the first start; the password stays in .data/secrets.json
    console.log(
      `  Sign in as the super admin at http://localhost:${config.PORT}/ganache/admin/login\n` +
        `    name:     ${stack.firstSignIn.name}\n    password: ${stack.firstSignIn.password}\n` +
        '  Manual mints are paid from relayer balances: credit accounts (yours too) in the users table.\n',
    );
  }
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'standalone failed to start');
  console.error(`\nMetaTag could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
