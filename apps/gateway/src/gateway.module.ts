import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Database } from '@metatag/db';
import type { ServiceClient } from '@metatag/nest-kit';
import { AccessGuard } from './access/access.guard.js';
import { HealthController } from './health/health.controller.js';
import { ReadinessService } from './health/readiness.service.js';
import { CHAIN_RPC_URL, GATEWAY_DATABASE, SERVICES } from './tokens.js';

export interface GatewayDeps {
  database: Database;
  services: ServiceClient;
  chainRpcUrl: string;
}

/** The HTTP edge: routes the JSON API to services over the transport; owns no data. */
@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayDeps): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [HealthController],
      providers: [
        ReadinessService,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: GATEWAY_DATABASE, useValue: deps.database },
        { provide: SERVICES, useValue: deps.services },
        { provide: CHAIN_RPC_URL, useValue: deps.chainRpcUrl },
      ],
    };
  }
}
