import { Inject, Injectable } from '@nestjs/common';
import { parseEventLogs, TransactionReceiptNotFoundError, type Hex, type TransactionReceipt } from 'viem';
import type { ChainDirectory } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import type { RedemptionRecord } from '@metatag/api-types';
import type { Actor, ReplyOf, RequestParsed, REDEMPTIONS } from '@metatag/events';
import { AppError, CLOCK, type Clock } from '@metatag/nest-kit';
import { CHAINS, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { RedemptionRepository, type RedemptionRow } from './redemption.repository.js';

/** What the public page and the API answer when a report cannot be recorded. */
export const REDEMPTION_TEXTS = {
  notFound: 'This chip or link does not exist',
  noRedemption: 'This token has nothing to redeem',
  notMined: 'This transaction is not on the chain yet: try again in a moment',
  failed: 'This transaction failed on the chain',
  noRedeem: "This transaction redeemed no token of this chip or link (no Redeemed log of the chip's token)",
} as const;

type ReportInput = RequestParsed<typeof REDEMPTIONS.report>;
type ReportReply = ReplyOf<typeof REDEMPTIONS.report>;

export function toRecord(row: RedemptionRow, chain = row.chain): RedemptionRecord {
  return {
    chain,
    collection: row.collection,
    tokenId: row.tokenId,
    holder: row.holder,
    burned: row.burned,
    kind: row.kind,
    description: row.description,
    txHash: row.txHash,
    redeemedAt: row.redeemedAt.toISOString(),
    emailedAt: row.emailedAt?.toISOString() ?? null,
    webhookAt: row.webhookAt?.toISOString() ?? null,
  };
}

/**
 * Burn to redeem (issue #32 item 5). The holder's wallet sends `redeem(tokenId, burn)`; its page then
 * reports the transaction. The report is only a hint: the receipt on the template's chain must carry a
 * `Redeemed` log of the chip's token from the template's collection. The first report records the
 * redemption and asks the gateway to tell the shop; later ones answer the same record and tell nobody.
 */
@Injectable()
export class RedemptionsService {
  constructor(
    private readonly repo: RedemptionRepository,
    private readonly chiplinks: ChiplinkRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async report(input: ReportInput): Promise<ReportReply> {
    const row = await this.chiplinks.findById(input.id);
    if (!row || row.deleted || row.type !== input.type) throw AppError.notFound(REDEMPTION_TEXTS.notFound);
    const template = await this.templates.get(row.nftId);
    if (!template) throw AppError.notFound(REDEMPTION_TEXTS.notFound);
    const redemption = template.redemption;
    if (!redemption) throw new AppError('no_redemption', REDEMPTION_TEXTS.noRedemption, 400);
    const { address: collection } = await this.templates.mintTarget(template);
    const handle = this.chains.byName(template.chain);
    if (!handle || collection === '') throw new AppError('no_redemption', REDEMPTION_TEXTS.noRedemption, 400);

    const receipt = await this.receipt(handle.client, input.txHash as Hex);
    if (receipt.status !== 'success') throw new AppError('tx_failed', REDEMPTION_TEXTS.failed, 400);
    const tokenId = BigInt(row.tokenToMint);
    const log = parseEventLogs({ abi: collectionAbi, logs: receipt.logs, eventName: 'Redeemed' }).find(
      (l) => l.address.toLowerCase() === collection.toLowerCase() && l.args.tokenId === tokenId,
    );
    if (!log) throw new AppError('not_a_redemption', REDEMPTION_TEXTS.noRedeem, 400);
    const block = await handle.client.getBlock({ blockNumber: receipt.blockNumber });

    const { row: recorded, created } = await this.repo.record({
      chain: template.chain,
      collection: collection.toLowerCase(),
      tokenId: tokenId.toString(),
      nftId: template.id,
      chiplinkId: row.id,
      holder: log.args.holder.toLowerCase(),
      burned: log.args.burned,
      kind: redemption.kind,
      description: redemption.description,
      txHash: receipt.transactionHash.toLowerCase(),
      redeemedAt: new Date(Number(block.timestamp) * 1000),
    });
    const tell = created && (redemption.notifyEmail !== '' || redemption.webhookUrl !== '');
    return {
      ok: true,
      recordId: recorded.id,
      recorded: toRecord(recorded),
      notify: tell
        ? {
            templateId: template.id,
            title: template.title,
            notifyEmail: redemption.notifyEmail,
            webhookUrl: redemption.webhookUrl,
          }
        : null,
    };
  }

  async notified(input: RequestParsed<typeof REDEMPTIONS.notified>) {
    await this.repo.markNotified(input.recordId, this.clock.now(), input);
    return { ok: true as const };
  }

  /** The owner's redemptions of one template (a template of someone else's reads as missing). */
  async list(actor: Actor, nftId: number) {
    await this.templates.owned(nftId, actor);
    return { items: (await this.repo.ofTemplate(nftId)).map((row) => toRecord(row)) };
  }

  private async receipt(
    client: { getTransactionReceipt(args: { hash: Hex }): Promise<TransactionReceipt> },
    hash: Hex,
  ): Promise<TransactionReceipt> {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError)
        throw new AppError('not_mined', REDEMPTION_TEXTS.notMined, 409);
      throw AppError.unavailable('The chain cannot be read now');
    }
  }
}
