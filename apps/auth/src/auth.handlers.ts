import { Controller } from '@nestjs/common';
import { AUTH, SHOP_AUTH, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { LoginService } from './login/login.service.js';
import { SessionService } from './sessions/session.service.js';
import { ShopTokenService } from './shop-token/shop-token.service.js';
import { UsersService } from './users/users.service.js';
import { WalletLinkService } from './users/wallet-link.service.js';

type Input<K extends keyof typeof AUTH> = RequestParsed<(typeof AUTH)[K]>;

/** Thin message handlers: the payload is parsed by its definition, then the use case runs. */
@Controller()
export class AuthHandlers {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionService,
    private readonly users: UsersService,
    private readonly shopTokens: ShopTokenService,
    private readonly wallets: WalletLinkService,
  ) {}

  @HandleRequest(AUTH.issueNonce)
  issueNonce(input: Input<'issueNonce'>) {
    return this.login.issueNonce(input);
  }

  @HandleRequest(AUTH.walletLogin)
  walletLogin(input: Input<'walletLogin'>) {
    return this.login.walletLogin(input);
  }

  @HandleRequest(AUTH.passwordLogin)
  passwordLogin(input: Input<'passwordLogin'>) {
    return this.login.passwordLogin(input);
  }

  @HandleRequest(AUTH.resolveSession)
  async resolveSession({ token }: Input<'resolveSession'>) {
    return { user: await this.sessions.resolve(token) };
  }

  @HandleRequest(AUTH.logout)
  async logout({ token }: Input<'logout'>) {
    await this.sessions.revoke(token);
    return { ok: true as const };
  }

  @HandleRequest(AUTH.getUser)
  getUser({ id }: Input<'getUser'>) {
    return this.users.get(id);
  }

  @HandleRequest(AUTH.listUsers)
  async listUsers() {
    return { items: await this.users.list() };
  }

  @HandleRequest(AUTH.createUser)
  createUser({ address }: Input<'createUser'>) {
    return this.users.create(address);
  }

  @HandleRequest(AUTH.updateUser)
  updateUser({ id, ...patch }: Input<'updateUser'>) {
    return this.users.update(id, patch);
  }

  @HandleRequest(AUTH.setPassword)
  async setPassword({ id, password, keepSessionToken }: Input<'setPassword'>) {
    await this.users.setPassword(id, password, keepSessionToken);
    return { ok: true as const };
  }

  @HandleRequest(AUTH.linkWallet)
  linkWallet(input: Input<'linkWallet'>) {
    return this.wallets.link(input);
  }

  @HandleRequest(AUTH.getShopToken)
  async getShopToken({ userId }: Input<'getShopToken'>) {
    const value = await this.shopTokens.get(userId);
    return { value, secret: this.shopTokens.webhookSecret(value) };
  }

  @HandleRequest(AUTH.rotateShopToken)
  async rotateShopToken({ userId }: Input<'rotateShopToken'>) {
    const value = await this.shopTokens.rotate(userId);
    return { value, secret: this.shopTokens.webhookSecret(value) };
  }

  /** The webhook's owner and signing secret; an unknown token gets no user (and an empty secret). */
  @HandleRequest(SHOP_AUTH.webhook)
  async shopWebhook({ token }: RequestParsed<typeof SHOP_AUTH.webhook>) {
    const user = await this.shopTokens.findUser(token);
    return user
      ? { userId: user.id, secret: this.shopTokens.webhookSecret(token) }
      : { userId: null, secret: '' };
  }

  @HandleRequest(AUTH.findByShopToken)
  async findByShopToken({ token }: Input<'findByShopToken'>) {
    return { user: await this.shopTokens.findUser(token) };
  }
}
