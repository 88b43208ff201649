import { Server, BaseRpcContext, type CustomTransportStrategy } from '@nestjs/microservices';
import { firstValueFrom, isObservable } from 'rxjs';
import type { InProcessBus } from './in-process-bus.js';

export class InProcessContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}

/** Nest transport strategy that serves @MessagePattern/@EventPattern handlers on an InProcessBus. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  constructor(private readonly bus: InProcessBus) {
    super();
  }

  listen(callback: () => void): void {
    this.bus.register(this);
    callback();
  }

  close(): void {
    this.bus.unregister(this);
  }

  on(): void {
    // No connection events: the bus lives in this process.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  /**
   * Nest's getHandlerByPattern tries JSON.parse on every pattern and throws for plain strings, which
   * costs more than the rest of a scan; our patterns are plain strings, so look them up directly.
   */
  private handlerFor(pattern: string) {
    const handler = this.messageHandlers.get(pattern);
    // only an object pattern (JSON) needs Nest's normalising lookup
    return handler || !pattern.startsWith('{') ? handler : this.getHandlerByPattern(pattern);
  }

  answers(pattern: string, isEvent: boolean): boolean {
    const handler = this.handlerFor(pattern);
    return !!handler && handler.isEventHandler === isEvent;
  }

  /**
   * Runs the request handler (with Nest's guards, pipes, interceptors and exception filters, and the
   * processing hooks) and resolves with its reply: the first value when it answers with a stream.
   * Rejects with what the exception filter produced (our RpcErrorFilter: a RemoteErrorPayload).
   */
  async call(pattern: string, data: unknown): Promise<unknown> {
    const handler = this.handlerFor(pattern);
    if (!handler) throw new Error('There is no matching message handler defined in the remote service.');
    const context = new InProcessContext([pattern]);
    let reply: unknown;
    await this.runWithProcessingHooks(context, async (runEndHook) => {
      try {
        const result: unknown = await handler(data, context);
        reply = isObservable(result) ? await firstValueFrom(result) : result;
      } finally {
        runEndHook();
      }
    });
    return reply;
  }

  async event(pattern: string, data: unknown): Promise<void> {
    await this.handleEvent(pattern, { pattern, data }, new InProcessContext([pattern]));
  }
}
