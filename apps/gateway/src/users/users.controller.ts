import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { z } from 'zod';
import {
  createUserBody,
  ledgerQuery,
  linkWalletBody,
  setPasswordBody,
  updateUserBody,
  userQuery,
  chainQuery,
} from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { AUTH, authLinkWallet, RELAYER_LEDGER, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { chainParam } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { defaultChain } from './default-chain.js';

type LedgerQuery = z.output<typeof ledgerQuery>;

/** Accounts per `relayer.ledger.balances` request (its schema's bound). */
const BALANCES_PER_CALL = 10_000;

/**
 * Users (super admin), balances and the shop access token (spec section 7). A user's `balance` is
 * their relayer credit on one chain, in that chain's wei: the relayer keeps it as a ledger of entries
 * (credits, reservations, settlements, releases), and editing it appends a credit of the difference.
 */
@Controller()
export class UsersController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The chain a balance is about: `?chain=`, or the deployment's first chain. */
  private chainOf(chain: string | undefined): string {
    return chain === undefined ? defaultChain(this.config) : chainParam(chain);
  }

  @Allow('superAdmin')
  @Get('json/users')
  async list(@Query(new ZodPipe(chainQuery)) query: { chain?: string }) {
    const chain = this.chainOf(query.chain);
    const { items } = await this.services.send(AUTH.listUsers, {});
    const balances: Record<string, string> = {};
    for (let i = 0; i < items.length; i += BALANCES_PER_CALL) {
      const { items: some } = await this.services.send(RELAYER_LEDGER.balances, {
        chain,
        accountIds: items.slice(i, i + BALANCES_PER_CALL).map((u) => u.id),
      });
      Object.assign(balances, some);
    }
    return { items: items.map((u) => ({ ...u, balance: balances[String(u.id)] ?? '0' })) };
  }

  @Allow('superAdmin')
  @Post('json/users')
  create(@Body(new ZodPipe(createUserBody)) body: { address: string }) {
    return this.services.send(AUTH.createUser, body);
  }

  /** `{address}` renames the user; `{balance, chain?}` sets their relayer balance (a credit entry). */
  @Allow('superAdmin')
  @Put('json/users/:id')
  async update(
    @Param('id', ParseIntPipe) id: number,
    @Query(new ZodPipe(chainQuery)) query: { chain?: string },
    @Body(new ZodPipe(updateUserBody)) body: { address: string } | { balance: string; chain?: string },
    @CurrentUser() me: AuthUser,
  ) {
    if ('address' in body) {
      const user = await this.services.send(AUTH.updateUser, { id, address: body.address });
      return { ...user, balance: await this.balanceOf(user.id, this.chainOf(query.chain)) };
    }
    const chain = this.chainOf(body.chain ?? query.chain);
    const user = await this.services.send(AUTH.getUser, { id });
    const { item } = await this.services.send(RELAYER_LEDGER.setBalance, {
      accountId: user.id,
      chain,
      balance: body.balance,
      actorId: me.id,
    });
    return { ...user, balance: item };
  }

  @Allow('superAdmin')
  @Post('json/users/set-password')
  @HttpCode(200)
  setPassword(@Body(new ZodPipe(setPasswordBody)) body: { id: number; password: string }) {
    return this.services.send(AUTH.setPassword, body);
  }

  /**
   * A user reads their own relayer balance (`item`, wei; `held`: the part reserved for transactions
   * still out); a super admin anyone's.
   */
  @Allow('admin')
  @Get('json/get-balance')
  balance(@Query(new ZodPipe(ledgerQuery)) query: LedgerQuery, @CurrentUser() me: AuthUser) {
    return this.services.send(RELAYER_LEDGER.balance, {
      accountId: ownOrAnyone(query.user, me),
      chain: this.chainOf(query.chain),
    });
  }

  /** The ledger behind the balance, newest first (`before` pages back); a super admin anyone's. */
  @Allow('admin')
  @Get('json/ledger')
  ledger(@Query(new ZodPipe(ledgerQuery)) query: LedgerQuery, @CurrentUser() me: AuthUser) {
    return this.services.send(RELAYER_LEDGER.entries, {
      accountId: ownOrAnyone(query.user, me),
      chain: this.chainOf(query.chain),
      before: query.before,
      limit: query.limit,
    });
  }

  /**
   * Links a wallet to the signed-in account by the wallet's EIP-712 signature: collections that wallet
   * owns can then be attached to the account.
   */
  @Allow('admin')
  @Post('json/link-wallet')
  @HttpCode(200)
  linkWallet(
    @Body(new ZodPipe(linkWalletBody))
    body: { address: string; chainId: number; deadline: string; signature: string },
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(authLinkWallet, {
      userId: me.id,
      wallet: body.address,
      chainId: body.chainId,
      deadline: body.deadline,
      signature: body.signature,
    });
  }

  private async balanceOf(accountId: number, chain: string): Promise<string> {
    return (await this.services.send(RELAYER_LEDGER.balance, { accountId, chain })).item;
  }

  /**
   * The signed-in user's shop access token; `?user=` names another user's, for the super admin only
   * (the per-user panel shows that user's webhook address). Anyone else naming another user gets 403.
   */
  @Allow('admin')
  @Get('woo_commmerce_access_token')
  shopToken(@Query(new ZodPipe(userQuery)) query: { user?: number }, @CurrentUser() me: AuthUser) {
    const id = query.user ?? me.id;
    if (id !== me.id && !me.isSuperAdmin)
      throw AppError.forbidden("Only a super admin can read another user's shop token");
    return this.services.send(AUTH.getShopToken, { userId: id });
  }

  @Allow('admin')
  @Post('woo_commmerce_access_token/rotate')
  @HttpCode(200)
  rotateShopToken(@CurrentUser() me: AuthUser) {
    return this.services.send(AUTH.rotateShopToken, { userId: me.id });
  }
}

/** A user reads their own; a super admin anyone's (anyone else naming another user gets 403). */
function ownOrAnyone(requested: number | undefined, me: AuthUser): number {
  const id = requested ?? me.id;
  if (id !== me.id && !me.isSuperAdmin) throw AppError.forbidden('You can only read your own balance');
  return id;
}
