import { Module, type DynamicModule } from '@nestjs/common';
import type { DeployerConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';

/** The deployer service: owns PostgreSQL schema `deployer`; answers over the transport only. */
@Module({})
export class DeployerModule {
  static forRoot(deps: ServiceDeps<DeployerConfig>): DynamicModule {
    return { module: DeployerModule, imports: [ServiceCoreModule.forRoot('deployer', deps)] };
  }
}
