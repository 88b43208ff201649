import { Module, type DynamicModule } from '@nestjs/common';
import type { ChiplinksConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';

/** The chiplinks service: owns PostgreSQL schema `chiplinks`; answers over the transport only. */
@Module({})
export class ChiplinksModule {
  static forRoot(deps: ServiceDeps<ChiplinksConfig>): DynamicModule {
    return { module: ChiplinksModule, imports: [ServiceCoreModule.forRoot('chiplinks', deps)] };
  }
}
