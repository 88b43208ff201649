import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { zeroAddress } from 'viem';
import {
  CANNOT_MINT,
  ORDER_EMAIL_ONLY,
  type GaslessClaimReply,
  type MintDataReply,
} from '@metatag/api-types';
import type { Actor } from '@metatag/events';
import { AppError, CLOCK, LOGGER, type Clock } from '@metatag/nest-kit';
import { EMAIL_CLAIM_POLICY, TEMPLATE_LOOKUP, type EmailClaimPolicy } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import { gasPayerOf } from '../links/lookup.service.js';
import { CannotMint, HeldForEmail, MintDataService, pricing } from '../mint/mint-data.service.js';
import { ShopOrderRepository } from '../shop/shop-order.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { EmailClaimRepository, type EmailClaimRow } from './email-claim.repository.js';
import {
  emailHash,
  maskEmail,
  newEmailClaimToken,
  parseEmailClaimToken,
  secretMatches,
} from './email-claim-token.js';

/** The email page's words for a link that is unknown, spent or expired (one text: no oracle). */
export const EMAIL_LINK_INVALID = 'This email link has expired or was already used.';
export const EMAIL_CLAIM_HELD = 'This claim is reserved for an email address for now. Try again later.';
const cannot = { ok: false as const, errorMessage: CANNOT_MINT };

/**
 * Email claims (issue #29 item 3): a visitor with a verified tap (or a claim link) gives an email
 * address instead of a wallet. The chip's or link's claim is held for that email until the one-time
 * link expires; the link claims into any address the visitor then gives: gasless through the relayer
 * when the owner pays gas, else a voucher the visitor's wallet sends, as usual.
 */
@Injectable()
export class EmailClaimsService {
  constructor(
    private readonly claims: EmailClaimRepository,
    private readonly chiplinks: ChiplinkRepository,
    private readonly mints: MintDataService,
    private readonly orders: ShopOrderRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(EMAIL_CLAIM_POLICY) private readonly policy: EmailClaimPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(input: { idOrUid: string; email: string; auth?: string; authtoken?: string; ip: string }) {
    let proven;
    try {
      // the same proof as a mint: a link, or the chip's fresh tap or its latest scan token
      proven = await this.mints.proven({ ...input, to: zeroAddress, isTransfer: false });
    } catch (error) {
      if (error instanceof HeldForEmail) return { ok: false as const, errorMessage: EMAIL_CLAIM_HELD };
      if (error instanceof CannotMint) return cannot;
      throw error;
    }
    const { row, template, state } = proven;
    const multi = row.type === 'chip' ? template.isMultiMintEnabledchip : template.isMultiMintEnabledlink;
    if (state.owner && !multi) return cannot;
    const hash = emailHash(input.email, this.policy.hashKey);
    // a shop order's claim link is bound to the order (#28 item 2): its email claim goes only to the
    // order's email, so whoever else holds the link cannot hold it for themselves for the claim's TTL
    if (row.type === 'link') {
      const orderEmail = (await this.orders.lineOfLink(row.id))?.emailHash ?? null;
      if (orderEmail !== null && orderEmail !== hash)
        throw new AppError('order_email_only', ORDER_EMAIL_ONLY, 409);
    }
    const now = this.clock.now();
    const { id, token, secretHash } = newEmailClaimToken();
    const expiresAt = new Date(now.getTime() + this.policy.ttlMinutes * 60_000);
    const outcome = await this.claims.insertUnlessHeld(
      {
        id,
        chiplinkId: row.id,
        nftId: row.nftId,
        secretHash,
        emailMasked: maskEmail(input.email.trim()),
        emailHash: hash,
        ip: input.ip,
        createdAt: now,
        expiresAt,
      },
      now,
      this.policy.perChipPerHour,
    );
    if (outcome === 'too_many')
      throw new AppError('rate_limited', 'Too many email claims for this chip. Try again later', 429);
    if (outcome === 'held') return { ok: false as const, errorMessage: EMAIL_CLAIM_HELD };
    this.logger.info(
      { chiplinkId: row.id, claimId: id, emailHash: hash.slice(0, 16) },
      'email claim started',
    );
    return {
      ok: true as const,
      token,
      expiresAt: expiresAt.toISOString(),
      title: template.title || 'No Name',
    };
  }

  /** What the email page shows before the visitor gives an address; spends nothing. */
  async peek(token: string) {
    const claim = await this.valid(token);
    if (!claim) return { ok: false as const, errorMessage: EMAIL_LINK_INVALID };
    const row = await this.chiplinks.findById(claim.chiplinkId);
    const template = row && (await this.templates.get(row.nftId));
    if (!row || !template) return { ok: false as const, errorMessage: EMAIL_LINK_INVALID };
    const gasless = gasPayerOf(template) === 'owner' && pricing(template).price === '0';
    return {
      ok: true as const,
      id: row.id,
      type: row.type,
      title: template.title || 'No Name',
      chain: template.chain,
      gasPaidBy: gasless ? ('owner' as const) : ('visitor' as const),
      expiresAt: claim.expiresAt.toISOString(),
    };
  }

  /**
   * Spends the link into `to`: the relayer's gasless mint when the owner pays, else a voucher for the
   * visitor's wallet. A refused mint gives the link back while it lasts (the visitor may try again).
   */
  async redeem(input: { token: string; to: string; ip: string }): Promise<GaslessClaimReply | MintDataReply> {
    const claim = await this.valid(input.token);
    if (!claim || !(await this.claims.use(claim.id, this.clock.now())))
      throw new AppError('email_link_invalid', EMAIL_LINK_INVALID, 410);
    const row = await this.chiplinks.findById(claim.chiplinkId);
    const template = row && (await this.templates.get(row.nftId));
    if (!row || !template) return cannot;
    const base = { idOrUid: row.id, to: input.to, ip: input.ip };
    const proof = { claimId: claim.id };
    const gasless = gasPayerOf(template) === 'owner' && pricing(template).price === '0';
    let reply: GaslessClaimReply | MintDataReply;
    try {
      reply = gasless
        ? await this.mints.claimGasless(base, proof)
        : await this.mints.mintData({ ...base, isTransfer: false }, proof);
    } catch (error) {
      await this.claims.unuse(claim.id);
      throw error;
    }
    if (!reply.ok) await this.claims.unuse(claim.id);
    return reply;
  }

  /** The owner's list: the template's pending email claims, addresses masked. */
  async pending(actor: Actor, nftId: number) {
    await this.templates.owned(nftId, actor);
    const rows = await this.claims.pendingOf(nftId, this.clock.now());
    return {
      ok: true as const,
      items: rows.map((r) => ({
        chiplinkId: r.chiplinkId,
        email: r.emailMasked,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      })),
    };
  }

  /** The claim a token names, when its secret matches and it is neither used nor expired. */
  private async valid(token: string): Promise<EmailClaimRow | undefined> {
    const parsed = parseEmailClaimToken(token);
    if (!parsed) return undefined;
    const claim = await this.claims.findById(parsed.id);
    if (!claim || !secretMatches(parsed.secret, claim.secretHash)) return undefined;
    if (claim.usedAt || claim.expiresAt <= this.clock.now()) return undefined;
    return claim;
  }
}
