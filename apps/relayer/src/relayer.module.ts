import { Module, type DynamicModule } from '@nestjs/common';
import type { RelayerConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';

/** The relayer service: owns PostgreSQL schema `relayer`; answers over the transport only. */
@Module({})
export class RelayerModule {
  static forRoot(deps: ServiceDeps<RelayerConfig>): DynamicModule {
    return { module: RelayerModule, imports: [ServiceCoreModule.forRoot('relayer', deps)] };
  }
}
