export { AppError, isRemoteErrorPayload, type RemoteErrorPayload } from './app-error.js';
export { RpcErrorFilter, toRemoteError } from './rpc-error.filter.js';
export { createLogger, PinoNestLogger, type LogFormat } from './logger.js';
export * from './metrics/index.js';
export * from './tracing/index.js';
export { ServiceClient, type PromiseRequests, type ServiceClientOptions } from './service-client.js';
export { HandleRequest, HandleEvent } from './message-handlers.js';
export { serverTransport, clientProxy, createServiceClient, type TransportConfig } from './transport.js';
export { InProcessBus } from './in-process/in-process-bus.js';
export { InProcessServer, InProcessContext } from './in-process/in-process.server.js';
export { InProcessClient } from './in-process/in-process.client.js';
export { HealthModule, healthController, HEALTH_CHECKS, type HealthCheck } from './health.js';
export { bootstrapService, type ServiceBootOptions } from './bootstrap-service.js';
export { onShutdown } from './shutdown.js';
export { drainService, stopTakingMessages, type GracefulOptions } from './graceful.js';
export { inFlight } from './in-flight.js';
export { PeriodicTask, type PeriodicTaskOptions, type TaskLogger } from './periodic-task.js';
export { portInUseMessage, listenOrExplain } from './port.js';
export {
  ServiceCoreModule,
  SERVICE_CONFIG,
  DATABASE,
  LOGGER,
  type ServiceDeps,
} from './service-core.module.js';
export {
  startService,
  runServiceProcess,
  type ServiceDefinition,
  type RunningService,
} from './service-definition.js';
export { CLOCK, systemClock, ManualClock, type Clock } from './clock.js';
export { infraErrorToAppError, loggableError, errSerializer } from './infra-errors.js';
export {
  checkQuota,
  quotaRemaining,
  QuotaExceededError,
  QUOTA_EXCEEDED,
  HOUR_MS,
  type QuotaLimit,
  type QuotaUsage,
} from './quota.js';
