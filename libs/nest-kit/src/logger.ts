import { pino, type Logger, type LevelWithSilent } from 'pino';
import type { LoggerService } from '@nestjs/common';
import { errSerializer } from './infra-errors.js';

/**
 * One JSON logger per app; `service` is on every line so mixed standalone logs stay readable. Errors
 * are logged without SQL text or parameters (infra-errors.ts).
 */
export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: { err: errSerializer, error: errSerializer },
  });
}

/** Routes Nest's own logging into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
