import {
  ClientProxyFactory,
  Transport,
  type ClientProxy,
  type MicroserviceOptions,
} from '@nestjs/microservices';
import { InProcessBus } from './in-process/in-process-bus.js';
import { InProcessServer } from './in-process/in-process.server.js';
import { InProcessClient } from './in-process/in-process.client.js';
import { ServiceClient } from './service-client.js';

export interface TransportConfig {
  TRANSPORT: 'inprocess' | 'nats';
  NATS_URL: string;
  RPC_TIMEOUT_MS: number;
  /** In production replies are not checked against their definitions (see ServiceClientOptions). */
  NODE_ENV?: 'development' | 'production' | 'test';
}

const natsServers = (url: string) => url.split(',').map((s) => s.trim());

/**
 * The transport a service listens on. Over NATS every instance of a service joins the queue group
 * named after it, so requests and events are spread across replicas, not duplicated.
 */
export function serverTransport(
  service: string,
  config: TransportConfig,
  bus?: InProcessBus,
): MicroserviceOptions {
  if (config.TRANSPORT === 'inprocess') {
    if (!bus) throw new Error('the in-process transport needs the process bus');
    return { strategy: new InProcessServer(bus) };
  }
  return {
    transport: Transport.NATS,
    options: { servers: natsServers(config.NATS_URL), queue: service, name: service },
  } as MicroserviceOptions;
}

export function clientProxy(name: string, config: TransportConfig, bus?: InProcessBus): ClientProxy {
  if (config.TRANSPORT === 'inprocess') {
    if (!bus) throw new Error('the in-process transport needs the process bus');
    return new InProcessClient(bus);
  }
  return ClientProxyFactory.create({
    transport: Transport.NATS,
    options: { servers: natsServers(config.NATS_URL), name },
  });
}

export function createServiceClient(
  name: string,
  config: TransportConfig,
  bus?: InProcessBus,
): ServiceClient {
  const proxy = clientProxy(name, config, bus);
  const direct = proxy instanceof InProcessClient ? proxy : undefined;
  return new ServiceClient(proxy, {
    timeoutMs: config.RPC_TIMEOUT_MS,
    direct,
    validateReplies: config.NODE_ENV !== 'production',
  });
}

export { InProcessBus };
