import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import type { Logger } from 'pino';
import { AppError, type RemoteErrorPayload } from './app-error.js';
import { infraErrorToAppError } from './infra-errors.js';

/** Service side: every failure leaves a handler as a RemoteErrorPayload, never a stack trace. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => toRemoteError(exception, this.logger));
  }
}

export function toRemoteError(exception: unknown, logger?: Logger): RemoteErrorPayload {
  if (exception instanceof AppError) return exception.toJSON();
  if (exception instanceof ZodError) {
    const first = exception.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return { code: 'invalid_input', status: 400, message: `${where}${first?.message ?? 'invalid input'}` };
  }
  const infra = infraErrorToAppError(exception);
  if (infra) {
    logger?.[infra.status >= 500 ? 'error' : 'warn']({ err: exception }, infra.message);
    return infra.toJSON();
  }
  logger?.error({ err: exception }, 'unhandled error in handler');
  return { code: 'internal', status: 500, message: 'Internal error' };
}
