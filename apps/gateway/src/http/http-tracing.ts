import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { contextFrom, currentTraceparent, inSpan, SpanKind } from '@metatag/nest-kit';
import { routeOf } from './http-metrics.js';

/**
 * A server span per request, continuing the caller's W3C `traceparent` when it sends one; everything
 * the request causes (service calls, queries, chain calls, log lines) runs inside it. The reply
 * carries `traceparent` so a user's report can name the trace.
 */
export function traceRequest(
  req: IncomingMessage,
  res: ServerResponse,
  route: () => string,
  handle: () => void,
): void {
  // the span ends when the response finishes or closes; the request is Express's to answer
  void inSpan(
    `${req.method ?? 'GET'}`,
    {
      kind: SpanKind.SERVER,
      parent: contextFrom(req.headers),
      attributes: { 'http.request.method': req.method ?? 'GET' },
    },
    (span) =>
      new Promise<void>((resolve) => {
        const traceparent = currentTraceparent();
        if (traceparent) res.setHeader('traceparent', traceparent);
        const done = () => {
          span.updateName(`${req.method ?? 'GET'} ${route()}`);
          span.setAttribute('http.route', route());
          span.setAttribute('http.response.status_code', res.statusCode);
          if (res.statusCode >= 500) span.setStatus({ code: 2 });
          resolve();
        };
        res.once('finish', done);
        res.once('close', done);
        handle();
      }),
  );
}

/** Express middleware form. */
export function httpTracing() {
  return (req: Request, res: Response, next: NextFunction) =>
    traceRequest(
      req,
      res,
      () => routeOf(req),
      () => next(),
    );
}
