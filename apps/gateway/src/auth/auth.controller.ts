import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { nonceQuery, passwordLoginBody, walletLoginBody } from '@metatag/api-types';
import { publicOrigins, type GatewayConfig } from '@metatag/config';
import { chainIds } from '@metatag/contracts';
import { AUTH, RELAYER_LEDGER, type AuthUser, type RequestInput, type SessionReply } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { defaultChain } from '../users/default-chain.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { CurrentUser } from './current-user.js';
import { signInOrigin } from './sign-in-origin.js';
import { clearSessionCookie, readSessionToken, writeSessionCookie } from './session-cookie.js';

type LoginBody = { ok: true; user: Pick<AuthUser, 'id' | 'address' | 'isSuperAdmin'> };
type FailedLogin = { ok: false; error: string; errorMessage: string };

/** Sign-in, sign-out and the current user (spec section 7: /auth/*, /password-login, /json/user). */
@Controller()
export class AuthController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: ClientRateLimiter,
  ) {}

  /**
   * The EIP-4361 message the wallet signs, bound to one of our origins (PUBLIC_URL), the chain the
   * wallet is on and a single-use nonce. Several may be pending at once; each login spends its own.
   */
  @Public()
  @Get('auth/nonce')
  nonce(@Query(new ZodPipe(nonceQuery)) query: { address: string; chainId?: number }, @Req() req: Request) {
    this.limiter.take('nonce', req.ip ?? '');
    return this.services.send(AUTH.issueNonce, {
      address: query.address,
      origin: signInOrigin(publicOrigins(this.config), req),
      chainId: query.chainId ?? chainIds[defaultChain(this.config)],
    });
  }

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  walletLogin(
    @Body(new ZodPipe(walletLoginBody)) body: { address: string; signature: string; nonce?: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.signIn(req, res, AUTH.walletLogin, {
      ...body,
      ip: req.ip ?? '',
      origins: publicOrigins(this.config),
    });
  }

  @Public()
  @Post('password-login')
  @HttpCode(200)
  passwordLogin(
    @Body(new ZodPipe(passwordLoginBody)) body: { name: string; password: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.signIn(req, res, AUTH.passwordLogin, { ...body, ip: req.ip ?? '' });
  }

  /** Signing out without a session is harmless, so anyone may call it. */
  @Public()
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = readSessionToken(req);
    if (token) await this.services.send(AUTH.logout, { token });
    clearSessionCookie(req, res, publicOrigins(this.config)[0]);
    return { ok: true };
  }

  /** The signed-in user; `balance` is their relayer balance (wei) on the deployment's first chain. */
  @Allow('admin')
  @Get('json/user')
  async user(@CurrentUser() user: AuthUser): Promise<AuthUser> {
    const { item } = await this.services.send(RELAYER_LEDGER.balance, {
      accountId: user.id,
      chain: defaultChain(this.config),
    });
    return { ...user, balance: item };
  }

  /** Login failures answer `ok: false` beside the error shape: the page alerts on `ok` (spec section 8). */
  private async signIn<D extends typeof AUTH.walletLogin | typeof AUTH.passwordLogin>(
    req: Request,
    res: Response,
    definition: D,
    payload: RequestInput<D>,
  ): Promise<LoginBody | FailedLogin> {
    try {
      const session: SessionReply = await this.services.send(definition, payload);
      writeSessionCookie(req, res, session.token, new Date(session.expiresAt), publicOrigins(this.config)[0]);
      const { id, address, isSuperAdmin } = session.user;
      return { ok: true, user: { id, address, isSuperAdmin } };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      res.status(error.status);
      if (error.retryAfterS !== undefined) res.setHeader('retry-after', String(error.retryAfterS));
      return { ok: false, error: error.code, errorMessage: error.message };
    }
  }
}
