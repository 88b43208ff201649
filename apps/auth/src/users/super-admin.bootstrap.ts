import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AuthConfig } from '@metatag/config';
import { LOGGER, SERVICE_CONFIG } from '@metatag/nest-kit';
import { hashPassword } from '../login/password-hasher.js';
import { UserRepository } from './user.repository.js';

/**
 * The first super admin comes from SUPER_ADMIN_NAME / SUPER_ADMIN_PASSWORD. It is created once;
 * an existing account of that name is never changed, so rotating the env cannot take over a user.
 */
@Injectable()
export class SuperAdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly users: UserRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { SUPER_ADMIN_NAME: name, SUPER_ADMIN_PASSWORD: password } = this.config;
    if (!password) return;
    if (await this.users.findByName(name)) return;
    const created = await this.users.create({
      address: name,
      isSuperAdmin: true,
      passwordHash: await hashPassword(password),
    });
    if (created) this.logger.info({ user: name }, 'super admin created');
  }
}
