import { Inject, Injectable } from '@nestjs/common';
import { parseEventLogs, TransactionReceiptNotFoundError, type Hex, type TransactionReceipt } from 'viem';
import type { ChainDirectory } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import type { NftTemplate, RedemptionRecord } from '@metatag/api-types';
import type { Actor, ReplyOf, RequestParsed, REDEMPTIONS } from '@metatag/events';
import { AppError, CLOCK, type Clock } from '@metatag/nest-kit';
import { CHAINS, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { leaseFrom, retryAt } from '../outbox/due-work.js';
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
type Notice = NonNullable<ReportReply['notify']>;

/** Whether a template's redemption names anyone to tell. */
const tellsShop = (r: { notifyEmail: string; webhookUrl: string }) =>
  r.notifyEmail !== '' || r.webhookUrl !== '';

const noticeOf = (template: NftTemplate): Notice | null =>
  template.redemption && tellsShop(template.redemption)
    ? {
        templateId: template.id,
        title: template.title,
        notifyEmail: template.redemption.notifyEmail,
        webhookUrl: template.redemption.webhookUrl,
      }
    : null;

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
    noticePending: row.notifyDueAt !== null,
  };
}

/**
 * Burn to redeem (issue #32 item 5). The holder's wallet sends `redeem(tokenId, burn)`; its page then
 * reports the transaction. The report is only a hint: the receipt on the template's chain must carry a
 * `Redeemed` log of the chip's token from the template's collection. The redemption is recorded once,
 * by this report or by the follower of the chain index (RedemptionFollower: the page may never report),
 * and its notice is claimed once: by a first report at once, otherwise by whichever of a report and the
 * gateway's notifier (`claimNotices`) finds it due first. A report of a redemption already told (or
 * being told) answers the same record and tells nobody. A failed delivery is due again later
 * (`notified`), for the missing channels.
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

    // a first report claims the notice right away (due again only after the lease: a gateway that
    // dies before `notified` leaves it to the notifier), so the page's reply already says who was told
    const notice = noticeOf(template);
    const now = this.clock.now();
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
      notifyDueAt: notice ? leaseFrom(now) : null,
      notifyAttempts: notice ? 1 : 0,
    });
    if (created) return { ok: true, recordId: recorded.id, recorded: toRecord(recorded), notify: notice };
    // recorded before (by the follower, or an earlier report): tell now only if its notice is waiting to
    // be claimed (the update is conditional, so the notifier and this report never both take it)
    const claimed = notice ? await this.repo.claimIfDue(recorded.id, now, leaseFrom(now)) : undefined;
    return {
      ok: true,
      recordId: recorded.id,
      recorded: toRecord(claimed ?? recorded),
      notify: claimed ? notice : null,
    };
  }

  /**
   * The notifier's batch: redemptions whose shop is due to be told, each leased to the caller for
   * DUE_LEASE_MS, with where to tell it as the template says now. A template that no longer names
   * anyone (or is gone) ends its redemptions' notices here.
   */
  async claimNotices({ limit }: RequestParsed<typeof REDEMPTIONS.claimNotices>) {
    const now = this.clock.now();
    const rows = await this.repo.claimDue(now, leaseFrom(now), limit);
    const items: ReplyOf<typeof REDEMPTIONS.claimNotices>['items'] = [];
    for (const row of rows) {
      const template = await this.templates.get(row.nftId);
      const notice = template ? noticeOf(template) : null;
      if (notice) items.push({ recordId: row.id, recorded: toRecord(row), notify: notice });
      else await this.repo.settle(row.id, now, { emailed: false, webhook: false }, null);
    }
    return { items };
  }

  /** What an attempt delivered; a failed one is due again later (bounded), for what is still missing. */
  async notified(input: RequestParsed<typeof REDEMPTIONS.notified>) {
    const now = this.clock.now();
    const row = await this.repo.byId(input.recordId);
    if (!row) return { ok: true as const };
    await this.repo.settle(row.id, now, input, input.failed ? retryAt(now, row.notifyAttempts) : null);
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
