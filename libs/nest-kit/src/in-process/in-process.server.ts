import {
  Server,
  BaseRpcContext,
  type CustomTransportStrategy,
  type WritePacket,
} from '@nestjs/microservices';
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

  /** Runs the request handler and streams its reply packets to `respond`. */
  async request(pattern: string, data: unknown, respond: (packet: WritePacket) => void): Promise<void> {
    const handler = this.handlerFor(pattern);
    const context = new InProcessContext([pattern]);
    if (!handler) {
      respond({
        err: `There is no matching message handler defined in the remote service.`,
        isDisposed: true,
      });
      return;
    }
    this.handleRequest(
      context,
      async () => this.transformToObservable(await handler(data, context)),
      respond,
    );
  }

  async event(pattern: string, data: unknown): Promise<void> {
    await this.handleEvent(pattern, { pattern, data }, new InProcessContext([pattern]));
  }
}
