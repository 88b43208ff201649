import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ServiceClient } from '@metatag/nest-kit';

/**
 * The deployer's client of other services: templates (attach a checked collection to its user) and
 * the relayer (the address collections need as their minter).
 */
export const SERVICES = Symbol('SERVICES');

/** Closes that client with the app: an open NATS connection would keep the process alive. */
@Injectable()
export class ServicesClientShutdown implements OnApplicationShutdown {
  constructor(@Inject(SERVICES) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
