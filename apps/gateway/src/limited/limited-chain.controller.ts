import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post } from '@nestjs/common';
import {
  attachChildBody,
  uint256Schema,
  type AttachChildBody,
  type AttachChildReply,
} from '@metatag/api-types';
import { LIMITED_CHAIN, type AuthUser, type CheckParentReply } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { AcceptAuthToken, Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, addressParam, chainParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

/**
 * Limited editions on chips (issue #18): attach a child token to one of your chips (the reply carries
 * the `setConnectToTag` call for your wallet: no relayer gas), and check-parent's public numbers.
 */
@Controller()
export class LimitedChainController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  // The developer tool's samples call it from a script with the shop access token, like the creation helper.
  @AcceptAuthToken()
  @Post('json/:chain/attach')
  @HttpCode(200)
  async attach(
    @Param('chain') chain: string,
    @Body(new ZodPipe(attachChildBody)) body: AttachChildBody,
    @CurrentUser() me: AuthUser,
  ): Promise<AttachChildReply> {
    return this.services.send(LIMITED_CHAIN.attachChild, {
      actor: actorOf(me),
      chain: chainParam(chain),
      collection: body.collection,
      childTokenUid: body.childTokenUid,
      nfcUid: body.nfcUid,
    }) as Promise<AttachChildReply>;
  }

  @Public()
  @Get('json/:chain/check-parent/:collection/:token')
  @Header('cache-control', 'no-store')
  checkParent(
    @Param('chain') chain: string,
    @Param('collection') collection: string,
    @Param('token') token: string,
  ): Promise<CheckParentReply> {
    const tokenId = uint256Schema.safeParse(token);
    if (!tokenId.success) throw new AppError('invalid_value', 'Invalid value', 400);
    return this.services.send(LIMITED_CHAIN.checkParent, {
      chain: chainParam(chain),
      collection: addressParam(collection),
      tokenId: BigInt(tokenId.data).toString(),
    });
  }
}
