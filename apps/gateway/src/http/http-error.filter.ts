import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, currentTraceId, infraErrorToAppError } from '@metatag/nest-kit';
import type { Logger } from 'pino';
import { isApiPath } from './api-paths.js';
import type { SpaFiles } from '../spa/spa-files.js';

/** The one JSON error shape of the API. */
export interface ErrorBody {
  error: string;
  errorMessage: string;
}

interface BodyParserError {
  status?: number;
  type?: string;
  expose?: boolean;
}

/**
 * Maps every failure to `{error, errorMessage}`: AppError keeps its code and status, framework
 * 4xx keep theirs, anything else is a logged 500 that leaks no internals. An unmatched page path
 * (not an API path) is served the SPA instead, which renders its own 404.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly spa: SpaFiles,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;

    if (exception instanceof HttpException && exception.getStatus() === 404 && this.isPageRequest(req)) {
      this.spa.sendIndex(res);
      return;
    }
    const [status, body] = this.toBody(exception, req);
    if (status >= 500) this.logger.error({ err: exception, reqId: req.id }, 'request failed');
    if (exception instanceof AppError && exception.retryAfterS !== undefined)
      res.setHeader('retry-after', String(exception.retryAfterS));
    // the trace id lets a user's report (or a screenshot of it) lead to the request's trace and logs
    const traceId = currentTraceId();
    res.status(status).json(traceId ? { ...body, traceId } : body);
  }

  private isPageRequest(req: Request): boolean {
    return (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path);
  }

  private toBody(exception: unknown, req: Request): [number, ErrorBody] {
    // a database that cannot store the input (400) or cannot be reached (503), not a bug
    const infra = exception instanceof AppError ? undefined : infraErrorToAppError(exception);
    if (infra) return [infra.status, { error: infra.code, errorMessage: infra.message }];
    if (exception instanceof AppError)
      return [exception.status, { error: exception.code, errorMessage: exception.message }];
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if ((exception.cause as BodyParserError | undefined)?.type === 'entity.parse.failed') {
        return [400, { error: 'bad_request', errorMessage: 'Request body is not valid JSON' }];
      }
      if (status === 404)
        return [404, { error: 'not_found', errorMessage: `No route ${req.method} ${req.path}` }];
      return [status, { error: codeFor(status), errorMessage: exception.message }];
    }
    const parserError = exception as BodyParserError;
    if (typeof parserError?.status === 'number' && parserError.status < 500 && parserError.expose) {
      const message =
        parserError.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : 'Bad request';
      return [parserError.status, { error: codeFor(parserError.status), errorMessage: message }];
    }
    return [500, { error: 'internal', errorMessage: 'Internal server error' }];
  }
}

function codeFor(status: number): string {
  return (
    {
      400: 'bad_request',
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      413: 'too_large',
      429: 'too_many_requests',
    }[status] ?? (status >= 500 ? 'internal' : 'bad_request')
  );
}
