import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  bundlerBody,
  passkeyRegisterBody,
  userOperationBody,
  type PasskeyTokensReply,
  type RecoverableReply,
} from '@metatag/api-types';
import { PASSKEYS } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { addressParam, chainParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

const accountBody = passkeyRegisterBody.extend({ publicKey: passkeyRegisterBody.shape.publicKey.optional() });
/** ERC-7677's params: [userOperation, entryPoint, chainId, context]; our context names the chip or link. */
const paymasterParams = z.tuple([
  userOperationBody,
  z.string(),
  z.string(),
  z.object({ chiplinkId: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'Invalid chiplinkId') }),
]);
const PAYMASTER_METHODS = new Set(['pm_getPaymasterStubData', 'pm_getPaymasterData']);

/**
 * Passkey accounts (issue #29): thin routes to chiplinks. Each call counts against the client's RPC
 * rate (a user operation is a few bundler calls, like a wallet's few RPC calls).
 */
@Controller()
export class PasskeysController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly limiter: ClientRateLimiter,
  ) {}

  @Public()
  @Post('json/passkeys')
  @HttpCode(200)
  account(@Body(new ZodPipe(accountBody)) body: z.output<typeof accountBody>, @Req() req: Request) {
    this.limiter.take('lookup', req.ip ?? '');
    const { publicKey, ...rest } = body;
    return publicKey
      ? this.services.send(PASSKEYS.register, { ...rest, publicKey })
      : this.services.send(PASSKEYS.lookup, { credentialId: rest.credentialId });
  }

  /** 'My tokens' of an account: public (ownership is on chain), rate-limited like the chip page's reads. */
  @Public()
  @Get('json/:chain/tokens-of/:address')
  @Header('cache-control', 'no-store')
  tokens(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Req() req: Request,
  ): Promise<PasskeyTokensReply> {
    this.limiter.take('lookup', req.ip ?? '');
    return this.services.send(PASSKEYS.tokens, { chain: chainParam(chain), owner: addressParam(address) });
  }

  /** 'Recover with my wallet': the accounts a wallet owns as second owner (public: a Safe's owners are on chain). */
  @Public()
  @Get('json/:chain/recoverable-by/:address')
  @Header('cache-control', 'no-store')
  recoverable(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Req() req: Request,
  ): Promise<RecoverableReply> {
    this.limiter.take('lookup', req.ip ?? '');
    return this.services.send(PASSKEYS.recoverable, {
      chain: chainParam(chain),
      owner: addressParam(address),
    });
  }

  @Public()
  @Post('json/bundler/:chain')
  @HttpCode(200)
  async bundler(
    @Param('chain') chain: string,
    @Body(new ZodPipe(bundlerBody)) body: z.output<typeof bundlerBody>,
    @Req() req: Request,
  ) {
    this.limiter.take('rpc', req.ip ?? '');
    const id = body.id ?? null;
    if (PAYMASTER_METHODS.has(body.method)) {
      const parsed = paymasterParams.safeParse(body.params);
      if (!parsed.success)
        throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Bad paymaster request', 400);
      const [userOperation, , , context] = parsed.data;
      const result = await this.services.send(PASSKEYS.sponsor, {
        chain,
        chiplinkId: context.chiplinkId,
        userOperation,
        stub: body.method === 'pm_getPaymasterStubData',
      });
      return { jsonrpc: '2.0', id, result };
    }
    const reply = await this.services.send(PASSKEYS.bundler, {
      chain,
      method: body.method,
      params: body.params,
    });
    return { jsonrpc: '2.0', id, ...reply };
  }
}
