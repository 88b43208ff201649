import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import { isIOwnerBody } from '@metatag/api-types';
import { UTILITY, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { chainParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

export const NOT_OWNER = 'You are not the owner of this NFT';
export const NO_UTILITY_URL = 'This NFT has no utility link yet';
export const NOT_YOUR_WALLET = 'Sign in with this wallet first';

/**
 * `POST /is_i_owner {nft_id, address, chain}` → `{error, errorMessage, url}` (spec sections 3, 7).
 * The caller proves control of `address` by having signed in with it: a wallet session whose address
 * it is, or an account whose linked wallet it is (both set by a wallet signature). An address claim
 * alone gets nothing. Owners get the template's utility URL; others its utility_url_error.
 */
@Controller()
export class UtilityCheckController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  @Post('is_i_owner')
  @HttpCode(200)
  async isIOwner(
    @Body(new ZodPipe(isIOwnerBody)) body: z.output<typeof isIOwnerBody>,
    @CurrentUser() me: AuthUser,
  ) {
    const chain = chainParam(body.chain);
    const proven = [me.address, me.userAddress ?? ''].map((a) => a.toLowerCase());
    if (!proven.includes(body.address)) throw new AppError('not_your_wallet', NOT_YOUR_WALLET, 403);
    const answer = await this.services.send(UTILITY.isOwner, {
      chain,
      nftId: body.nft_id,
      address: body.address,
    });
    if (!answer.found) throw AppError.notFound('NFT template not found');
    if (answer.owner)
      return answer.utility_url
        ? { error: false, errorMessage: '', url: answer.utility_url }
        : { error: true, errorMessage: NO_UTILITY_URL, url: '' };
    return { error: true, errorMessage: NOT_OWNER, url: answer.utility_url_error };
  }
}
