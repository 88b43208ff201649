import { Controller, Get, Headers, Inject, Param, Post, Query } from '@nestjs/common';
import type { z } from 'zod';
import { mintQuery } from '@metatag/api-types';
import { isChainName } from '@metatag/contracts';
import { RELAYER, type AuthUser, type ListMintsReply, type MintRecord } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

type MintQuery = z.output<typeof mintQuery>;

/** Retries with the same header return the first mint; keys are scoped per user. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._-]{1,100}$/;

function idempotencyKeyOf(header: string | undefined, user: AuthUser): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(header))
    throw new AppError(
      'invalid_input',
      'Idempotency-Key must be 1-100 letters, digits, ".", "_" or "-"',
      400,
    );
  return `user-${user.id}-${header}`;
}

function chainOf(chain: string): string {
  if (!isChainName(chain)) throw AppError.notFound(`Unknown chain ${chain}`);
  return chain;
}

/**
 * Manual mints of a template (spec section 7), sent by the relayer with the minter key. Only the
 * template's owner or a super admin reaches them (the relayer asks the templates service; anyone else
 * gets the template's 404), and a mint goes only to the template's own collection.
 */
@Controller()
export class MintsController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  @Post('json/:chain/mint')
  async mint(
    @Param('chain') chain: string,
    @Query(new ZodPipe(mintQuery)) query: MintQuery,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() me: AuthUser,
  ): Promise<{ ok: true; item: MintRecord }> {
    const name = chainOf(chain);
    const idempotencyKey = idempotencyKeyOf(key, me);
    const item = await this.services.send(RELAYER.createMint, {
      actor: actorOf(me),
      chain: name,
      nftId: query.nftId,
      chiplinkId: query.chiplinkId,
      to: query.to,
      collection: query.collection,
      idempotencyKey,
    });
    return { ok: true, item };
  }

  @Allow('admin')
  @Get('json/:chain/mints/:nftId')
  list(
    @Param('chain') chain: string,
    @Param('nftId') nftId: string,
    @CurrentUser() me: AuthUser,
  ): Promise<ListMintsReply> {
    return this.services.send(RELAYER.listMints, {
      actor: actorOf(me),
      chain: chainOf(chain),
      nftId,
    });
  }
}
