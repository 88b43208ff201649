import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AUTH,
  authLinkWallet,
  type RequestParsed,
  createUserRequest,
  findByShopTokenRequest,
  issueNonceRequest,
  passwordLoginRequest,
  resolveSessionRequest,
  setPasswordRequest,
  shopTokenRequest,
  updateUserRequest,
  userIdRequest,
  walletLoginRequest,
} from '@metatag/events';
import { LoginService } from './login/login.service.js';
import { SessionService } from './sessions/session.service.js';
import { ShopTokenService } from './shop-token/shop-token.service.js';
import { UsersService } from './users/users.service.js';
import { WalletLinkService } from './users/wallet-link.service.js';
import { HandleRequest } from '@metatag/nest-kit';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class AuthHandlers {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionService,
    private readonly users: UsersService,
    private readonly shopTokens: ShopTokenService,
    private readonly wallets: WalletLinkService,
  ) {}

  @MessagePattern(AUTH.issueNonce)
  issueNonce(@Payload() data: unknown) {
    return this.login.issueNonce(issueNonceRequest.parse(data));
  }

  @MessagePattern(AUTH.walletLogin)
  walletLogin(@Payload() data: unknown) {
    return this.login.walletLogin(walletLoginRequest.parse(data));
  }

  @MessagePattern(AUTH.passwordLogin)
  passwordLogin(@Payload() data: unknown) {
    return this.login.passwordLogin(passwordLoginRequest.parse(data));
  }

  @MessagePattern(AUTH.resolveSession)
  async resolveSession(@Payload() data: unknown) {
    return { user: await this.sessions.resolve(resolveSessionRequest.parse(data).token) };
  }

  @MessagePattern(AUTH.logout)
  async logout(@Payload() data: unknown) {
    await this.sessions.revoke(resolveSessionRequest.parse(data).token);
    return { ok: true };
  }

  @MessagePattern(AUTH.getUser)
  getUser(@Payload() data: unknown) {
    return this.users.get(userIdRequest.parse(data).id);
  }

  @MessagePattern(AUTH.listUsers)
  async listUsers() {
    return { items: await this.users.list() };
  }

  @MessagePattern(AUTH.createUser)
  createUser(@Payload() data: unknown) {
    return this.users.create(createUserRequest.parse(data).address);
  }

  @MessagePattern(AUTH.updateUser)
  updateUser(@Payload() data: unknown) {
    const { id, ...patch } = updateUserRequest.parse(data);
    return this.users.update(id, patch);
  }

  @MessagePattern(AUTH.setPassword)
  async setPassword(@Payload() data: unknown) {
    const { id, password } = setPasswordRequest.parse(data);
    await this.users.setPassword(id, password);
    return { ok: true };
  }

  @HandleRequest(authLinkWallet)
  linkWallet(input: RequestParsed<typeof authLinkWallet>) {
    return this.wallets.link(input);
  }

  @MessagePattern(AUTH.getShopToken)
  async getShopToken(@Payload() data: unknown) {
    return { value: await this.shopTokens.get(shopTokenRequest.parse(data).userId) };
  }

  @MessagePattern(AUTH.rotateShopToken)
  async rotateShopToken(@Payload() data: unknown) {
    return { value: await this.shopTokens.rotate(shopTokenRequest.parse(data).userId) };
  }

  @MessagePattern(AUTH.findByShopToken)
  async findByShopToken(@Payload() data: unknown) {
    return { user: await this.shopTokens.findUser(findByShopTokenRequest.parse(data).token) };
  }
}
