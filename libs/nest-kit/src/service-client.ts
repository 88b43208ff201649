import { firstValueFrom, timeout, TimeoutError, type Observable } from 'rxjs';
import { NatsRecordBuilder, type ClientProxy } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { EventDefinition, EventInput, ReplyOf, RequestDefinition, RequestInput } from '@metatag/events';
import { AppError, isRemoteErrorPayload } from './app-error.js';
import { transportRequestSeconds } from './metrics/registry.js';
import { currentTraceparent, inSpan, SpanKind } from './tracing/tracing.js';

/**
 * A transport that answers a request as a Promise (the in-process bus). Nest's ClientProxy answers
 * with an Observable and a timeout operator per call, which on the scan path cost more than the
 * in-process hop itself; the reply and its errors are the same either way.
 */
export interface PromiseRequests {
  request<T>(pattern: string, data: unknown): Promise<T>;
}

class DeadlineExceeded extends Error {}

/** `work`, or a DeadlineExceeded rejection after `ms`; one timer, cleared when the work settles. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

export interface ServiceClientOptions {
  /** How long a request may take before it fails as unavailable. */
  timeoutMs: number;
  /** Used for requests when the transport offers it (in-process); NATS goes through the proxy. */
  direct?: PromiseRequests;
  /**
   * Check every reply against its definition's reply schema (development and tests: a handler that
   * drifts from its definition fails the first test that calls it). Off in production, where the
   * check would cost the scan path's hot leg and the compiler already checked both ends.
   */
  validateReplies: boolean;
}

/**
 * How the gateway (and services) call other services: request/reply with a deadline and events,
 * always through a definition from `@metatag/events`. Remote failures come back as AppError with the
 * remote code, so the caller maps one error type.
 */
export class ServiceClient {
  private readonly timeoutMs: number;
  private readonly direct?: PromiseRequests;
  private readonly validateReplies: boolean;

  constructor(
    private readonly proxy: ClientProxy,
    options: ServiceClientOptions,
  ) {
    this.timeoutMs = options.timeoutMs;
    this.direct = options.direct;
    this.validateReplies = options.validateReplies;
  }

  /** A typed request: the input is checked by the compiler here and by the handler's schema there. */
  send<D extends RequestDefinition>(definition: D, input: RequestInput<D>): Promise<ReplyOf<D>> {
    return inSpan(
      definition.pattern,
      { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'metatag' } },
      () => this.request(definition, input),
    );
  }

  private async request<D extends RequestDefinition>(
    definition: D,
    input: RequestInput<D>,
  ): Promise<ReplyOf<D>> {
    const { pattern } = definition;
    const started = performance.now();
    const observe = (outcome: 'ok' | 'error' | 'unavailable') =>
      transportRequestSeconds.observe({ pattern, outcome }, (performance.now() - started) / 1000);
    let reply: unknown;
    try {
      reply = this.direct
        ? await withDeadline(this.direct.request(pattern, input), this.timeoutMs)
        : await firstValueFrom(
            this.proxy.send(pattern, withTraceHeader(input)).pipe(timeout(this.timeoutMs)),
          );
    } catch (error) {
      if (isRemoteErrorPayload(error)) {
        observe('error');
        throw new AppError(error.code, error.message, error.status, error.retryAfterS);
      }
      observe('unavailable');
      if (error instanceof TimeoutError || error instanceof DeadlineExceeded) {
        // the pattern is an internal name: it stays out of the answer
        throw AppError.unavailable('A service did not answer in time, try again shortly');
      }
      throw AppError.unavailable('A service is unavailable, try again shortly');
    }
    observe('ok');
    if (this.validateReplies) assertReply(definition, reply);
    return reply as ReplyOf<D>;
  }

  /** Publishes a typed event (validated by each consumer's schema). */
  async emit<D extends EventDefinition>(definition: D, payload: EventInput<D>): Promise<void> {
    const message = this.direct ? payload : withTraceHeader(payload);
    await firstValueFrom(this.proxy.emit(definition.subject, message), { defaultValue: undefined });
  }

  /**
   * The connection's status as the transport reports it (over NATS: 'connected', 'disconnected',
   * 'reconnecting'); a consumer that catches up after a reconnect listens here.
   */
  get status(): Observable<string> {
    return this.proxy.status as Observable<string>;
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }
}

/**
 * Across processes (NATS) the trace travels as a `traceparent` message header; the payload stays
 * the definition's. In one process (in-process bus) the active context carries it by itself.
 */
function withTraceHeader(data: unknown): unknown {
  const traceparent = currentTraceparent();
  if (!traceparent) return data;
  const h = natsHeaders();
  h.set('traceparent', traceparent);
  return new NatsRecordBuilder(data).setHeaders(h).build();
}

/** A reply that breaks its definition is the handler's bug: a 500 naming the pattern and the first issue. */
function assertReply(definition: RequestDefinition, reply: unknown): void {
  const checked = definition.reply.safeParse(reply);
  if (checked.success) return;
  const [issue] = checked.error.issues;
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new AppError(
    'invalid_reply',
    `${definition.pattern} answered a reply its definition refuses${where}: ${issue?.message ?? 'invalid'}`,
    500,
  );
}
