import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { InProcessBus } from './in-process-bus.js';

/** Payloads cross the bus as JSON, exactly as they would over NATS, so both modes behave alike. */
const wire = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Nest client proxy for the InProcessBus: the standalone twin of ClientNats. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly bus: InProcessBus) {
    super();
  }

  async connect(): Promise<void> {}

  close(): void {}

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern);
    const server = this.bus.requestTarget(pattern);
    let disposed = false;
    if (!server) {
      queueMicrotask(() =>
        callback({ err: `There is no matching message handler defined for "${pattern}".`, isDisposed: true }),
      );
      return () => undefined;
    }
    const respond = (reply: WritePacket) => {
      if (disposed) return;
      callback({ ...reply, response: wire(reply.response), err: wire(reply.err) });
    };
    server
      .request(pattern, wire(packet.data), respond)
      .catch((err: unknown) => respond({ err, isDisposed: true }));
    return () => {
      disposed = true;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const pattern = this.normalizePattern(packet.pattern);
    await Promise.all(
      this.bus.eventTargets(pattern).map((server) => server.event(pattern, wire(packet.data))),
    );
    return undefined as T;
  }
}
