import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { ClientProxy } from '@nestjs/microservices';
import type { EventDefinition, EventInput, ReplyOf, RequestDefinition, RequestInput } from '@metatag/events';
import { AppError, isRemoteErrorPayload } from './app-error.js';

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

/**
 * How the gateway (and services) call other services: request/reply with a deadline and events.
 * Remote failures come back as AppError with the remote code, so the caller maps one error type.
 */
export class ServiceClient {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly timeoutMs: number,
    /** Used for requests when the transport offers it (in-process); NATS goes through the proxy. */
    private readonly direct?: PromiseRequests,
  ) {}

  /** A typed request: the input is checked by the compiler here and by the handler's schema there. */
  send<D extends RequestDefinition>(definition: D, input: RequestInput<D>): Promise<ReplyOf<D>>;
  /** @deprecated pass a definition from `@metatag/events` (defineRequest), not a pattern string. */
  send<T>(pattern: string, data?: unknown): Promise<T>;
  async send(target: string | RequestDefinition, data: unknown = {}): Promise<unknown> {
    const pattern = typeof target === 'string' ? target : target.pattern;
    try {
      return this.direct
        ? await withDeadline(this.direct.request(pattern, data), this.timeoutMs)
        : await firstValueFrom(this.proxy.send(pattern, data).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRemoteErrorPayload(error)) throw new AppError(error.code, error.message, error.status);
      if (error instanceof TimeoutError || error instanceof DeadlineExceeded) {
        throw AppError.unavailable(`${pattern} did not answer in time`);
      }
      throw AppError.unavailable(`${pattern} is unavailable`);
    }
  }

  /** Publishes a typed event (validated by each consumer's schema). */
  emit<D extends EventDefinition>(definition: D, payload: EventInput<D>): Promise<void>;
  /** @deprecated pass a definition from `@metatag/events` (defineEvent), not a subject string. */
  emit(subject: string, data: unknown): Promise<void>;
  async emit(target: string | EventDefinition, data: unknown): Promise<void> {
    const subject = typeof target === 'string' ? target : target.subject;
    await firstValueFrom(this.proxy.emit(subject, data), { defaultValue: undefined });
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }
}
