import { pino, type Logger, type LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import type { LoggerService } from '@nestjs/common';
import { currentTraceId } from './tracing/tracing.js';

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * One logger per app; `service` is on every line so mixed standalone logs stay readable. JSON for
 * machines (production, CI, log collectors); on a terminal one readable line per event
 * (LOG_FORMAT=auto picks by whether stdout is a TTY).
 */
export function createLogger(
  service: string,
  level: LevelWithSilent = 'info',
  format: LogFormat = (process.env.LOG_FORMAT as LogFormat | undefined) ?? 'auto',
  /** Where lines go (tests); stdout by default. */
  destination?: NodeJS.WritableStream,
): Logger {
  const options = {
    level,
    base: { service },
    // every line written inside a traced request, message or job names its trace
    mixin() {
      const traceId = currentTraceId();
      return traceId ? { trace_id: traceId } : {};
    },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
  const readable = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!readable) return destination ? pino(options, destination) : pino(options);
  return pino(
    options,
    pretty({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service,context,trace_id',
      messageFormat: '{service} | {msg}',
      singleLine: true,
      sync: true,
      ...(destination ? { destination } : {}),
    }),
  );
}

/**
 * Nest's start-up chatter (a line per module and per mapped route, ~300 lines) is debug detail: an
 * operator reading `npm start` wants to see what listens where and what fails.
 */
const STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);

/** Routes Nest's own logging into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (context && STARTUP_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
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
