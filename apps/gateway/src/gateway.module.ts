import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Database } from '@metatag/db';
import type { ServiceClient } from '@metatag/nest-kit';
import { AccessGuard } from './access/access.guard.js';
import { HealthController } from './health/health.controller.js';
import { ReadinessService } from './health/readiness.service.js';
import { AuthController } from './auth/auth.controller.js';
import { RpcProxyController } from './rpc/rpc-proxy.controller.js';
import { UsersController } from './users/users.controller.js';
import { CHAIN_RPC_URL, GATEWAY_CONFIG, GATEWAY_DATABASE, SERVICES } from './tokens.js';
import type { GatewayConfig } from '@metatag/config';

export interface GatewayDeps {
  config: GatewayConfig;
  database: Database;
  services: ServiceClient;
}

/** Every HTTP controller of the gateway; the route-authorization matrix test walks this list. */
export const GATEWAY_CONTROLLERS = [HealthController, AuthController, UsersController, RpcProxyController];

/** The HTTP edge: routes the JSON API to services over the transport; owns no data. */
@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayDeps): DynamicModule {
    return {
      module: GatewayModule,
      controllers: GATEWAY_CONTROLLERS,
      providers: [
        ReadinessService,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: GATEWAY_DATABASE, useValue: deps.database },
        { provide: SERVICES, useValue: deps.services },
        { provide: CHAIN_RPC_URL, useValue: deps.config.RPC_URL_GANACHE },
        { provide: GATEWAY_CONFIG, useValue: deps.config },
      ],
    };
  }
}
