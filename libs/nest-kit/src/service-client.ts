import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { ClientProxy } from '@nestjs/microservices';
import { AppError, isRemoteErrorPayload } from './app-error.js';

/**
 * How the gateway (and services) call other services: request/reply with a deadline and events.
 * Remote failures come back as AppError with the remote code, so the caller maps one error type.
 */
export class ServiceClient {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly timeoutMs: number,
  ) {}

  async send<T>(pattern: string, data: unknown = {}): Promise<T> {
    try {
      return await firstValueFrom(this.proxy.send<T>(pattern, data).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRemoteErrorPayload(error)) throw new AppError(error.code, error.message, error.status);
      if (error instanceof TimeoutError) throw AppError.unavailable(`${pattern} did not answer in time`);
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
