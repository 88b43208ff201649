import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { traceDatabase } from './pg.js';

export interface TracingOptions {
  /** service.name of the spans: the app (distributed) or `metatag` (standalone, every service in one process). */
  service: string;
  /** OTLP/HTTP collector base URL (`OTEL_EXPORTER_OTLP_ENDPOINT`); unset: trace ids for logs and replies, no export. */
  endpoint?: string;
  /** Share of new traces recorded and exported (a caller's sampled traceparent is always followed). */
  sampleRatio: number;
  /** How often the batch goes out; tests shorten it. */
  exportDelayMs?: number;
}

let provider: TracerProvider | undefined;

/**
 * One tracer provider per process, first caller wins (standalone starts every service in one
 * process). W3C trace context in and out; spans go to the OTLP collector when one is configured.
 */
export function startTracing(options: TracingOptions): void {
  if (provider) return;
  traceDatabase();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    // with no collector a recorded span goes nowhere: new traces are not sampled (their spans still
    // carry trace ids for logs, error replies and `traceparent`), which takes span bookkeeping off the
    // scan path (docs/decisions.md "The scan tail")
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(options.endpoint ? options.sampleRatio : 0),
    }),
    spanProcessors: options.endpoint
      ? [
          new BatchSpanProcessor({
            exporter: new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` }),
            scheduledDelayMillis: options.exportDelayMs ?? 2000,
          }),
        ]
      : [],
  });
  trace.setGlobalTracerProvider(provider);
}

/** Sends what is buffered (shutdown, tests). */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}

export const tracer = (): Tracer => trace.getTracer('metatag');

/** The active trace id (logs, error replies), when a span is active. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span ? span.spanContext().traceId : undefined;
}

/** The W3C `traceparent` of the active span, for a reply header or a message to another process. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a caller sent (headers with `traceparent`), or the active one. */
export function contextFrom(headers: Record<string, string | string[] | undefined> | undefined): Context {
  if (!headers?.traceparent) return context.active();
  return propagation.extract(context.active(), headers, {
    keys: (carrier) => Object.keys(carrier),
    get: (carrier, key) => {
      const value = carrier[key];
      return Array.isArray(value) ? value[0] : value;
    },
  });
}

/**
 * Runs `work` inside a new span (child of `parent` or the active context); the span ends when the
 * work settles and records a thrown error.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Record<string, string | number | boolean>; parent?: Context },
  work: (span: Span) => T,
): T {
  const parent = options.parent ?? context.active();
  const parentSpan = trace.getSpan(parent);
  if (parentSpan && (parentSpan.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) {
    // a trace that is not sampled records nothing below it either (ParentBasedSampler): the work runs
    // in the caller's context, whose trace id logs and replies still carry, without a span of its own
    return parent === context.active() ? work(parentSpan) : context.with(parent, () => work(parentSpan));
  }
  const span = tracer().startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    options.parent,
  );
  const fail = (error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  };
  return context.with(trace.setSpan(options.parent ?? context.active(), span), () => {
    let result: T;
    try {
      result = work(span);
    } catch (error) {
      fail(error);
      span.end();
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          fail(error);
          span.end();
          throw error;
        },
      ) as T;
    }
    span.end();
    return result;
  });
}

export { SpanKind };
