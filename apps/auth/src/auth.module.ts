import { Module, type DynamicModule } from '@nestjs/common';
import type { AuthConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';
import { AuthHandlers } from './auth.handlers.js';
import { LoginAttempts } from './login/login-attempts.js';
import { LoginService } from './login/login.service.js';
import { NonceRepository } from './login/nonce.repository.js';
import { SessionRepository } from './sessions/session.repository.js';
import { SessionService } from './sessions/session.service.js';
import { ShopTokenService } from './shop-token/shop-token.service.js';
import { SuperAdminBootstrap } from './users/super-admin.bootstrap.js';
import { UserRepository } from './users/user.repository.js';
import { UsersService } from './users/users.service.js';
import { WalletLinkService } from './users/wallet-link.service.js';

/** The auth service: users, password and wallet sign-in, sessions, shop access tokens. Schema `auth`. */
@Module({})
export class AuthModule {
  static forRoot(deps: ServiceDeps<AuthConfig>): DynamicModule {
    return {
      module: AuthModule,
      imports: [ServiceCoreModule.forRoot('auth', deps)],
      controllers: [AuthHandlers],
      providers: [
        UserRepository,
        SessionRepository,
        NonceRepository,
        LoginAttempts,
        LoginService,
        SessionService,
        UsersService,
        WalletLinkService,
        ShopTokenService,
        SuperAdminBootstrap,
      ],
    };
  }
}
