import 'reflect-metadata';
import { loadConfig, gatewaySchema, ConfigError } from '@metatag/config';
import { createLogger, flushTraces, onShutdown, startTracing } from '@metatag/nest-kit';
import { startGateway } from './start-gateway.js';

let config;
try {
  config = loadConfig('gateway', gatewaySchema);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
startTracing({
  service: 'gateway',
  endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  sampleRatio: config.TRACE_SAMPLE_RATIO,
});
const logger = createLogger('gateway', config.LOG_LEVEL);
try {
  const gateway = await startGateway(config, { logger });
  onShutdown(logger, async () => {
    await gateway.drain(config.SHUTDOWN_DELAY_MS);
    await gateway.stop();
    await flushTraces();
  });
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'gateway failed to start');
  process.exit(1);
}
