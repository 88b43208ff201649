import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { recoverTokenBody, type RecoverTokenBody, type RecoverTokenReply } from '@metatag/api-types';
import { RECOVERIES, type AuthUser } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { AcceptAuthToken, Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, chainParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

/**
 * Brand recovery through the API (issue #32 item 1): chiplinks checks the collection is the caller's
 * and simulates `recover` on the chain; the reply is the transaction for the collection owner's wallet.
 */
@Controller()
export class RecoveriesController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  // a brand's back office scripts returns with its access token, like the attach and creation helpers
  @AcceptAuthToken()
  @Post('json/:chain/recover')
  @HttpCode(200)
  recover(
    @Param('chain') chain: string,
    @Body(new ZodPipe(recoverTokenBody)) body: RecoverTokenBody,
    @CurrentUser() me: AuthUser,
  ): Promise<RecoverTokenReply> {
    return this.services.send(RECOVERIES.prepare, { actor: actorOf(me), chain: chainParam(chain), ...body });
  }
}
