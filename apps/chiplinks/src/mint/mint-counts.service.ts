import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { VoucherSettlement } from './voucher-settlement.js';

/** Chain reads one count request may spend on vouchers still out: admin lists poll it. */
const SETTLE_PER_CALL = 30;

/**
 * Chip and link mints per template, for the admin's template rows. A voucher mint is sent by the
 * visitor's wallet, so before counting, the vouchers still out are checked against the chain (the
 * oldest first, a bounded number per call): the row shows the mint within a poll of the list.
 */
@Injectable()
export class MintCountsService {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly settlement: VoucherSettlement,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async chiplinkMints(nftIds: number[]): Promise<{ counts: Record<string, number> }> {
    const ids = [...new Set(nftIds)];
    await this.settlePending(ids).catch((error: unknown) =>
      this.logger.warn({ err: error }, 'vouchers not settled; counting what is known'),
    );
    const counts = await this.repo.mintedCounts(ids);
    return { counts: Object.fromEntries(ids.map((id) => [String(id), counts.get(id) ?? 0])) };
  }

  private async settlePending(nftIds: number[]): Promise<void> {
    const pending = await this.repo.pendingVouchersOf(nftIds, SETTLE_PER_CALL);
    const byTemplate = new Map<number, typeof pending>();
    for (const voucher of pending)
      byTemplate.set(voucher.nftId, [...(byTemplate.get(voucher.nftId) ?? []), voucher]);
    await Promise.all(
      [...byTemplate].map(async ([nftId, vouchers]) => {
        const template = await this.templates.get(nftId);
        if (!template) return;
        const target = await this.templates.mintTarget(template);
        if (target.address) await this.settlement.settle(template.chain, target.address, vouchers);
      }),
    );
  }
}
