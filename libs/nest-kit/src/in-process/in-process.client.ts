import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { PromiseRequests } from '../service-client.js';
import type { InProcessBus } from './in-process-bus.js';

/** Payloads cross the bus as JSON, exactly as they would over NATS, so both modes behave alike. */
const wire = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Nest client proxy for the InProcessBus: the standalone twin of ClientNats. */
export class InProcessClient extends ClientProxy implements PromiseRequests {
  constructor(private readonly bus: InProcessBus) {
    super();
  }

  async connect(): Promise<void> {}

  close(): void {}

  unwrap<T>(): T {
    return this.bus as T;
  }

  /**
   * One request, answered by the first reply of the handler, as a Promise: what ServiceClient uses.
   * Rejects with the remote error payload (JSON-copied) or, when nobody answers the pattern, an Error.
   */
  async request<T>(pattern: string, data: unknown): Promise<T> {
    const server = this.bus.requestTarget(pattern);
    if (!server) throw new Error(`There is no matching message handler defined for "${pattern}".`);
    try {
      return wire((await server.call(pattern, wire(data))) as T);
    } catch (error) {
      throw error instanceof Error ? error : wire(error);
    }
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let disposed = false;
    this.request(this.normalizePattern(packet.pattern), packet.data).then(
      (response) => disposed || callback({ response, isDisposed: true }),
      (err: unknown) =>
        disposed || callback({ err: err instanceof Error ? err.message : err, isDisposed: true }),
    );
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
