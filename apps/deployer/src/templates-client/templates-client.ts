import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ServiceClient } from '@metatag/nest-kit';

/** The deployer's client of the templates service (attach a checked collection to its user). */
export const TEMPLATES_SERVICE = Symbol('TEMPLATES_SERVICE');

/** Closes that client with the app: an open NATS connection would keep the process alive. */
@Injectable()
export class TemplatesClientShutdown implements OnApplicationShutdown {
  constructor(@Inject(TEMPLATES_SERVICE) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
