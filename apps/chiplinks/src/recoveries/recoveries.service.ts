import { Inject, Injectable } from '@nestjs/common';
import { encodeFunctionData, type Address } from 'viem';
import { RECOVERY_TEXTS, type RecoverTokenReply } from '@metatag/api-types';
import { isRevert, revertErrorName, type ChainDirectory } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import type { RequestParsed, RECOVERIES } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { CHAINS } from '../chiplinks.tokens.js';
import { TemplatesProjection } from '../templates/templates.projection.js';

type PrepareInput = RequestParsed<typeof RECOVERIES.prepare>;

/** What each of `recover`'s reverts means to the brand (NFT code v2). */
const REFUSALS: Record<string, { code: string; text: string; status: number }> = {
  RecoveryNotAllowed: { code: 'recovery_off', text: RECOVERY_TEXTS.off, status: 400 },
  InvalidRecoveryReason: { code: 'invalid_reason', text: RECOVERY_TEXTS.reason, status: 400 },
  ERC721InvalidReceiver: { code: 'same_holder', text: RECOVERY_TEXTS.sameHolder, status: 400 },
  TokenRedeemed: { code: 'token_redeemed', text: RECOVERY_TEXTS.redeemed, status: 409 },
};

/**
 * Brand recovery (issue #32 item 1) through the API: the collection must be attached to the caller (read
 * from chiplinks' own projection of templates' collections), and the chain decides the rest — `recover`
 * is simulated from the collection owner's wallet, so the answer is exactly what sending it would do.
 * The server holds no owner key: the reply is the transaction for that wallet, as with an attach.
 */
@Injectable()
export class RecoveriesService {
  constructor(
    private readonly projection: TemplatesProjection,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
  ) {}

  async prepare(input: PrepareInput): Promise<RecoverTokenReply> {
    const handle = this.chains.byName(input.chain);
    const ownerId = handle && (await this.projection.collectionOwner(input.chain, input.collection));
    // another tenant's collection reads as none at all
    if (!handle || ownerId === undefined || (ownerId !== input.actor.id && !input.actor.isSuperAdmin))
      throw new AppError('collection_not_found', RECOVERY_TEXTS.notYours, 404);
    const collection = input.collection as Address;
    const tokenId = BigInt(input.tokenId);
    const client = handle.client;
    const onChain = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (!isRevert(error)) throw new AppError('chain_unavailable', RECOVERY_TEXTS.chainUnavailable, 503);
        throw await this.refusal(error, () =>
          client.readContract({
            address: collection,
            abi: collectionAbi,
            functionName: 'redeemed',
            args: [tokenId],
          }),
        );
      }
    };
    const from = await onChain(() =>
      client.readContract({ address: collection, abi: collectionAbi, functionName: 'owner' }),
    );
    const holder = await onChain(() =>
      client.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    );
    const to = (input.to ?? from.toLowerCase()) as Address;
    const args = [tokenId, to, input.reason] as const;
    await onChain(() =>
      client.simulateContract({
        account: from,
        address: collection,
        abi: collectionAbi,
        functionName: 'recover',
        args,
      }),
    );
    return {
      ok: true,
      chainId: handle.chainId,
      from: from.toLowerCase(),
      holder: holder.toLowerCase(),
      to: to.toLowerCase(),
      transaction: {
        to: collection,
        data: encodeFunctionData({ abi: collectionAbi, functionName: 'recover', args }),
      },
    };
  }

  /**
   * A revert as the brand's refusal. A token that does not exist may have been burned by a redemption
   * (`redeemed` stays true after the burn); a revert the ABI does not name is a collection whose code
   * has no brand recovery (before NFT code v2), which reads as recovery being off.
   */
  private async refusal(error: unknown, redeemed: () => Promise<boolean>): Promise<AppError> {
    const name = revertErrorName(error, collectionAbi);
    const known = name && REFUSALS[name];
    if (known) return new AppError(known.code, known.text, known.status);
    if (name === 'ERC721NonexistentToken') {
      const spent = await redeemed().catch(() => false);
      const refusal = spent
        ? REFUSALS.TokenRedeemed
        : { code: 'token_not_found', text: RECOVERY_TEXTS.noToken, status: 404 };
      return new AppError(refusal.code, refusal.text, refusal.status);
    }
    return new AppError(REFUSALS.RecoveryNotAllowed.code, REFUSALS.RecoveryNotAllowed.text, 400);
  }
}
