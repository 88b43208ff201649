import { Module, type DynamicModule } from '@nestjs/common';
import type { TemplatesConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';

/** The templates service: owns PostgreSQL schema `templates`; answers over the transport only. */
@Module({})
export class TemplatesModule {
  static forRoot(deps: ServiceDeps<TemplatesConfig>): DynamicModule {
    return { module: TemplatesModule, imports: [ServiceCoreModule.forRoot('templates', deps)] };
  }
}
