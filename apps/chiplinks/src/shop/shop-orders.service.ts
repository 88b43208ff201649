import { Inject, Injectable } from '@nestjs/common';
import type { NftTemplate } from '@metatag/api-types';
import { SHOP_TEMPLATES, type RequestParsed, type ReplyOf, type SHOP } from '@metatag/events';
import { CLOCK, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { EMAIL_CLAIM_POLICY, SERVICES, type EmailClaimPolicy } from '../chiplinks.tokens.js';
import { emailHash } from '../email-claims/email-claim-token.js';
import { ChiplinksService } from '../links/chiplinks.service.js';
import { MintDataService } from '../mint/mint-data.service.js';
import { QuotaGuard } from '../quota/quota.guard.js';
import { ShopOrderRepository } from './shop-order.repository.js';

type OrderInput = RequestParsed<typeof SHOP.order>;
type OrderReply = ReplyOf<typeof SHOP.order>;

/** The delivery log's words for a paid order without a billing email. */
export const NO_EMAIL = 'no email: the order has no billing email';

/** WooCommerce order statuses that mean "paid" (the order is being fulfilled or is done). */
export const PAID_STATUSES = new Set(['processing', 'completed']);
/** Statuses that undo a sale: the order's links no one has claimed yet are withdrawn (#28 item 2). */
export const VOID_STATUSES = new Set(['cancelled', 'refunded', 'failed', 'trash']);

/**
 * Turns a paid shop order into claim links: for each line whose product id is a template's
 * `woocomerce_item_id`, one QR link per unit. Idempotent per (owner, order, line): a redelivered or
 * updated order gets the links made the first time back, never new ones. The buyer's email is recorded
 * as due with the delivery's log entry and sent by the gateway's shop mailer (ShopEmailsService,
 * decision 112).
 */
@Injectable()
export class ShopOrdersService {
  constructor(
    private readonly repo: ShopOrderRepository,
    private readonly chiplinks: ChiplinksService,
    private readonly mints: MintDataService,
    private readonly quota: QuotaGuard,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EMAIL_CLAIM_POLICY) private readonly emailPolicy: EmailClaimPolicy,
  ) {}

  async order(input: OrderInput): Promise<OrderReply> {
    const { ownerId, orderId } = input;
    if (!PAID_STATUSES.has(input.status)) {
      const withdrawn = VOID_STATUSES.has(input.status) ? await this.withdraw(ownerId, orderId) : 0;
      const deliveryId = await this.repo.log({
        ownerId,
        orderId,
        outcome: 'not_paid',
        detail:
          withdrawn > 0
            ? `status ${input.status}: ${withdrawn} unclaimed link(s) of this order withdrawn`
            : `status ${input.status}: links are made once the order is processing or completed`,
      });
      return { deliveryId, paid: false, lines: [], notes: [] };
    }
    const productIds = [...new Set(input.lines.map((l) => l.productId))];
    const { items } = await this.services.send(SHOP_TEMPLATES.byShopItem, { ownerId, itemIds: productIds });
    // one template per product id: the oldest one carrying it
    const byProduct = new Map<string, NftTemplate>();
    for (const t of items) if (!byProduct.has(t.woocomerce_item_id)) byProduct.set(t.woocomerce_item_id, t);

    const lines: OrderReply['lines'] = [];
    const notes: string[] = [];
    let created = 0;
    for (const line of input.lines) {
      const template = byProduct.get(line.productId);
      if (template === undefined) continue;
      const nftId = template.id;
      const key = { ownerId, orderId, lineId: line.lineId };
      // the order's email (hashed) binds its links' email claims to the buyer (#28 item 2)
      const hash = input.email ? emailHash(input.email, this.emailPolicy.hashKey) : null;
      if (await this.repo.claim({ ...key, nftId, quantity: line.quantity, emailHash: hash })) {
        const { units, note } = await this.cap(ownerId, template, line);
        if (note) notes.push(note);
        const linkIds = units > 0 ? await this.makeLinks(key, nftId, units, ownerId) : [];
        created += linkIds.length;
        lines.push({
          lineId: line.lineId,
          nftId,
          linkIds,
          fresh: true,
          emailed: false,
          refused: line.quantity - linkIds.length,
        });
      } else {
        const row = await this.repo.find(key);
        if (row)
          lines.push({
            lineId: line.lineId,
            nftId: row.nftId,
            linkIds: row.linkIds,
            fresh: false,
            emailed: row.emailedAt !== null,
            refused: Math.max(0, row.quantity - row.linkIds.length),
          });
      }
    }
    // the buyer's email is due for every line with links not emailed yet (fresh ones, or earlier ones
    // whose email failed for good): the gateway's shop mailer sends it (decision 112)
    const dueLines = lines.filter((l) => !l.emailed && l.linkIds.length > 0).map((l) => l.lineId);
    const noEmail = dueLines.length > 0 && !input.email;
    const detail =
      lines.length === 0
        ? `no template has a shop item id among the order's product ids (${productIds.join(', ')})`
        : [...notes, ...(noEmail ? [NO_EMAIL] : [])].join('; ');
    const { deliveryId } = await this.repo.recordDelivery(
      {
        ownerId,
        orderId,
        outcome: noEmail
          ? 'no_email'
          : lines.length === 0
            ? 'no_match'
            : created > 0
              ? 'links_created'
              : 'already_processed',
        matched: lines.length,
        linksCreated: created,
        detail,
      },
      { lineIds: noEmail ? [] : dueLines, email: input.email, at: this.clock.now() },
    );
    return { deliveryId, paid: true, lines, notes };
  }

  /**
   * How many of a line's units become links (issue #28): no more than the template's open places
   * (a link beyond its limit could never mint) and the account's webhook-unit and link quotas. The
   * rest is refused, with a note for the shop; the line is processed once, so it is never made later.
   */
  private async cap(
    ownerId: number,
    template: NftTemplate,
    line: { lineId: string; quantity: number },
  ): Promise<{ units: number; note?: string }> {
    const [places, webhookUnits, links] = await Promise.all([
      this.mints.openPlaces(template),
      this.quota.remaining(ownerId, 'webhook-units'),
      this.quota.remaining(ownerId, 'links'),
    ]);
    const units = Math.min(line.quantity, places, webhookUnits, links);
    if (units === line.quantity) return { units };
    const refused = line.quantity - units;
    const why =
      units === places
        ? `the template "${template.title}" (limit ${template.limit}) has ${places} place(s) left`
        : units === webhookUnits
          ? `the shop order links quota (QUOTA_WEBHOOK_UNITS_*) leaves ${webhookUnits}`
          : `the links quota (QUOTA_LINKS_*) leaves ${links}`;
    return {
      units,
      note: `line ${line.lineId}: ${units} of ${line.quantity} link(s) made, ${refused} refused: ${why}`,
    };
  }

  /**
   * A claim link is bound to its order (#28 item 2): once the shop says the sale is undone (cancelled,
   * refunded, failed, trashed), the order's links no wallet has claimed answer 'cannot mint'. A
   * claimed link stays the claimer's: its voucher may be out and its token on chain.
   */
  private async withdraw(ownerId: number, orderId: string): Promise<number> {
    const lines = await this.repo.linesOf(ownerId, orderId);
    return this.chiplinks.withdrawUnclaimed(lines.flatMap((l) => l.linkIds));
  }

  private async makeLinks(
    key: { ownerId: number; orderId: string; lineId: string },
    nftId: number,
    quantity: number,
    ownerId: number,
  ): Promise<string[]> {
    try {
      const made = await this.chiplinks.create(
        { actor: { id: ownerId, isSuperAdmin: false }, type: 'link', nftId, batch: quantity },
        { shopOrder: true },
      );
      const linkIds = ('items' in made ? made.items : [made.item]).map((i) => i.id);
      await this.repo.setLinks(key, linkIds);
      return linkIds;
    } catch (error) {
      await this.repo.release(key);
      throw error;
    }
  }
}
