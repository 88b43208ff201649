import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { ClientProxy } from '@nestjs/microservices';
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

  async send<T>(pattern: string, data: unknown = {}): Promise<T> {
    try {
      return this.direct
        ? await withDeadline(this.direct.request<T>(pattern, data), this.timeoutMs)
        : await firstValueFrom(this.proxy.send<T>(pattern, data).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRemoteErrorPayload(error)) throw new AppError(error.code, error.message, error.status);
      if (error instanceof TimeoutError || error instanceof DeadlineExceeded) {
        throw AppError.unavailable(`${pattern} did not answer in time`);
      }
      throw AppError.unavailable(`${pattern} is unavailable`);
    }
  }

  async emit(pattern: string, data: unknown): Promise<void> {
    await firstValueFrom(this.proxy.emit(pattern, data), { defaultValue: undefined });
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }
}
