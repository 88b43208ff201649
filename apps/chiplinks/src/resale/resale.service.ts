import { Inject, Injectable } from '@nestjs/common';
import { recoverMessageAddress, type Hex } from 'viem';
import {
  CANNOT_MINT,
  LOCK_MESSAGE_MAX_AGE_MS,
  RESALE_TEXTS,
  RESALE_TOO_MANY,
  resaleCancelMessage,
  type ResaleAction,
  type ResaleClaim,
  type ResaleRefusal,
  type ResaleReply,
  type ResaleStatus,
} from '@metatag/api-types';
import { RELAYER_LEDGER } from '@metatag/events';
import { AppError, CLOCK, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { ScanTokens } from '../chips/scan-token.js';
import { SERVICES, TEMPLATE_LOOKUP, TOKEN_STATE, VOUCHER_SIGNER } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import { TAG_NOT_CONNECTED } from '../links/lookup.service.js';
import { CannotMint, MintDataService } from '../mint/mint-data.service.js';
import type { TokenStateReader } from '../mint/token-state.reader.js';
import type { VoucherSigner } from '../mint/voucher.signer.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ResaleClaimRepository, type ResaleClaimRow } from './resale-claim.repository.js';

/** Claims a chip may open in 24 hours (cancelled and failed ones count). */
export const RESALE_CLAIMS_PER_CHIP_PER_DAY = 3;
/** How long the claimant's signed transfer stays valid on chain. */
const TRANSFER_TTL_S = 15 * 60;
/** The relayer transaction kind of a gasless resale (its ledger entries say so). */
export const RESALE_KIND = 'resale-transfer';

export interface ResaleRequest {
  id: string;
  action: ResaleAction;
  authtoken?: string;
  ip: string;
}

class Refused extends Error {
  constructor(readonly reason: ResaleRefusal) {
    super(RESALE_TEXTS[reason]);
  }
}

const view = (c: ResaleClaimRow): ResaleClaim => ({
  status: c.status,
  openedAt: c.openedAt.toISOString(),
  dueAt: c.dueAt.toISOString(),
  closedAt: c.closedAt?.toISOString() ?? null,
  reason: c.reason,
});

/**
 * Resale by the chip (issue #32 item 2; docs/decisions.md "Resale by the chip"). A template's
 * `resale` lets the holder of a verified tap claim the chip's token held by someone else:
 *
 * - `open`: a verified tap (fresh `auth`, or the scan token of the chip's latest tap) names the wallet;
 *   the claim waits `waitSeconds`, one per token, a few per chip a day. Its page tells the owner when
 *   the token moves and that locking stops it; it never says who asked.
 * - `complete`: after the wait, a LATER verified tap of the chip (a higher counter than the opening
 *   tap's, read after the wait) by the same wallet: one harvested URL opens a claim but can never
 *   complete it, and the opening tap's continuation credential buys a token of that same tap, which
 *   is refused too. A locked token, or one that changed hands meanwhile, fails the claim with the
 *   reason. Then the contract's signed transfer: the claimant's wallet sends it, or the relayer does,
 *   paid from the template owner's relayer balance (reserved first, as gasless mints are).
 * - `cancel`: the owner's own wallet (a signature) with a newer tap than the claim's.
 */
@Injectable()
export class ResaleService {
  constructor(
    private readonly claims: ResaleClaimRepository,
    private readonly chiplinks: ChiplinkRepository,
    private readonly mints: MintDataService,
    private readonly tokens: ScanTokens,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(VOUCHER_SIGNER) private readonly vouchers: VoucherSigner,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `GET /json/resale/{id}`: the setting and the chip's latest claim, settled when its wait is over. */
  async status(id: string): Promise<ResaleStatus> {
    const row = await this.chiplinks.findById(id);
    if (!row || row.deleted || row.type !== 'chip') throw AppError.notFound(TAG_NOT_CONNECTED);
    const template = await this.templates.get(row.nftId);
    if (!template) throw AppError.notFound(TAG_NOT_CONNECTED);
    let claim = await this.claims.latestFor(row.id);
    if (claim?.status === 'pending' && claim.dueAt <= this.clock.now()) claim = await this.settle(claim);
    return {
      enabled: !!template.resale,
      waitSeconds: template.resale?.waitSeconds ?? null,
      gasPaidBy: template.resale?.gasPaidBy ?? null,
      claim: claim ? view(claim) : null,
    };
  }

  async act(req: ResaleRequest): Promise<ResaleReply> {
    try {
      const { action, to, address, signature, timestamp } = req.action;
      if (action === 'open' && to) return await this.open(req, to);
      if (action === 'complete' && to) return await this.complete(req, to);
      if (action === 'cancel' && address && signature && timestamp !== undefined)
        return await this.cancel(req, { address, signature, timestamp });
      throw new AppError('bad_request', 'Invalid value', 400);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, errorMessage: error.message, reason: error.reason };
      throw error;
    }
  }

  private async open(req: ResaleRequest, to: string): Promise<ResaleReply> {
    const { row, template, collection, state, tap } = await this.proven(req, to);
    const resale = template.resale!;
    const claimant = to.toLowerCase();
    if (!state.owner) throw new Refused('not_owned');
    if (state.owner === claimant) throw new Refused('own_token');
    if (state.locked) throw new Refused('locked');
    const now = this.clock.now();
    const pending = await this.claims.pendingFor(template.chain, collection, row.tokenToMint);
    if (pending) {
      // the same wallet asking again keeps its claim (and its wait); a claim whose owner is gone fails
      if (pending.owner === state.owner && pending.claimant === claimant)
        return { ok: true, claim: view(pending) };
      if (pending.owner === state.owner) throw new Refused('claim_pending');
      await this.claims.close(pending.id, 'failed', RESALE_TEXTS.moved, now);
    }
    const result = await this.claims.open(
      {
        chiplinkId: row.id,
        nftId: template.id,
        chain: template.chain,
        collection,
        tokenId: row.tokenToMint,
        owner: state.owner,
        claimant,
        openCounter: tap,
        openedAt: now,
        dueAt: new Date(now.getTime() + resale.waitSeconds * 1000),
      },
      now,
      RESALE_CLAIMS_PER_CHIP_PER_DAY,
    );
    if ('refused' in result) {
      if (result.refused === 'too_many') throw new AppError('too_many_requests', RESALE_TOO_MANY, 429);
      throw new Refused('claim_pending');
    }
    return { ok: true, claim: view(result.opened) };
  }

  private async complete(req: ResaleRequest, to: string): Promise<ResaleReply> {
    const { row, template, collection, state, tap, tapAt } = await this.proven(req, to);
    const claimant = to.toLowerCase();
    const claim = await this.claims.pendingFor(template.chain, collection, row.tokenToMint);
    if (!claim || claim.claimant !== claimant) throw new Refused('no_claim');
    const now = this.clock.now();
    if (now < claim.dueAt) throw new Refused('waiting');
    // a later tap than the one that opened the claim, read after the wait: proof the claimant holds
    // the chip now, which one harvested URL cannot give
    if (tap <= claim.openCounter || tapAt < claim.dueAt) throw new Refused('tap_needed');
    const settled = await this.settle(claim, state);
    if (settled.status === 'completed') return { ok: true, claim: view(settled) };
    if (settled.status === 'failed')
      throw new Refused(settled.reason === RESALE_TEXTS.locked ? 'locked' : 'moved');
    const deadline = String(Math.floor(now.getTime() / 1000) + TRANSFER_TTL_S);
    const signed = await this.vouchers.sign({
      kind: 'transfer',
      chain: template.chain,
      collection,
      to: claimant,
      tokenId: row.tokenToMint,
      deadline,
    });
    if (template.resale!.gasPaidBy === 'visitor') {
      const nft = { collection, chain: template.chain };
      return {
        ok: true,
        claim: view(claim),
        transfer: { data: signed.data, value: signed.value, tokenid: row.tokenToMint, nft },
      };
    }
    // the relayer sends the signed transfer to the template's own collection (attached to its owner,
    // or the chain's default: never an address a tenant typed), paid from the owner's relayer balance
    try {
      const sent = await this.services.send(RELAYER_LEDGER.sendPaid, {
        accountId: template.owner,
        chain: template.chain,
        to: collection,
        data: signed.data,
        value: '0',
        kind: RESALE_KIND,
        idempotencyKey: `resale-${claim.id}`,
      });
      await this.claims.setRelayerTx(claim.id, sent.id);
      return { ok: true, claim: view(claim), relayed: { id: sent.id, status: sent.status } };
    } catch (error) {
      if (error instanceof AppError && error.status === 402)
        throw new AppError('owner_cannot_pay', CANNOT_MINT, 402);
      throw error;
    }
  }

  private async cancel(
    req: ResaleRequest,
    action: { address: string; signature: string; timestamp: number },
  ): Promise<ResaleReply> {
    const { row, template, collection, state, tap } = await this.proven(req, action.address);
    const claim = await this.claims.pendingFor(template.chain, collection, row.tokenToMint);
    if (!claim) throw new Refused('no_claim');
    const now = this.clock.now();
    if (Math.abs(now.getTime() - action.timestamp) > LOCK_MESSAGE_MAX_AGE_MS) throw new Refused('not_owner');
    let signer: string;
    try {
      signer = (
        await recoverMessageAddress({
          message: resaleCancelMessage(row.id, action.timestamp),
          signature: action.signature as Hex,
        })
      ).toLowerCase();
    } catch {
      throw new Refused('not_owner');
    }
    if (signer !== action.address.toLowerCase() || signer !== state.owner) throw new Refused('not_owner');
    if (tap <= claim.openCounter) throw new Refused('tap_needed');
    const closed = await this.claims.close(claim.id, 'cancelled', 'Cancelled by the owner', now);
    return { ok: true, claim: view(closed ?? claim) };
  }

  /**
   * A claim whose wait is over, against the token's state now: completed when the claimant owns it,
   * failed when it is locked or changed hands; still pending otherwise.
   */
  private async settle(
    claim: ResaleClaimRow,
    known?: { owner: string | null; locked: boolean },
  ): Promise<ResaleClaimRow> {
    const state = known ?? (await this.state.read(claim.chain, claim.collection, claim.tokenId));
    const now = this.clock.now();
    const close = async (status: 'completed' | 'failed', reason: string) =>
      (await this.claims.close(claim.id, status, reason, now)) ?? claim;
    if (state.owner === claim.claimant) return close('completed', '');
    if (state.owner !== claim.owner) return close('failed', RESALE_TEXTS.moved);
    if (state.locked) return close('failed', RESALE_TEXTS.locked);
    return claim;
  }

  /**
   * The chip, its template (with resale on) and collection, the token's state, and the tap that proves
   * the request: its counter and when it was read (a fresh `auth` now; a scan token at its `iat`).
   */
  private async proven(req: ResaleRequest, to: string) {
    const row = await this.chiplinks.findById(req.id);
    if (!row || row.deleted || row.type !== 'chip') throw new Refused('resale_off');
    const template = await this.templates.get(row.nftId);
    if (!template?.resale) throw new Refused('resale_off');
    const auth = req.action.auth;
    let found;
    try {
      found = await this.mints.proven({
        idOrUid: row.id,
        to,
        auth,
        authtoken: auth ? undefined : req.authtoken,
        isTransfer: true,
        ip: req.ip,
      });
    } catch (error) {
      if (error instanceof CannotMint)
        throw new Refused(error.reason && error.reason !== 'already_minted' ? 'tap_needed' : 'resale_off');
      throw error;
    }
    const now = this.clock.now();
    const claims = !auth && req.authtoken ? this.tokens.verify(req.authtoken, now, 'scan') : undefined;
    const tapAt = claims ? new Date(claims.iat * 1000) : now;
    return { ...found, template: found.template, tap: found.tap!, tapAt };
  }
}
