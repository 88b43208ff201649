import { Module, type DynamicModule } from '@nestjs/common';
import type { AuthConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';

/** The auth service: owns PostgreSQL schema `auth`; answers over the transport only. */
@Module({})
export class AuthModule {
  static forRoot(deps: ServiceDeps<AuthConfig>): DynamicModule {
    return { module: AuthModule, imports: [ServiceCoreModule.forRoot('auth', deps)] };
  }
}
