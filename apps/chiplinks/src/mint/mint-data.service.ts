import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { parseEther, zeroAddress } from 'viem';
import {
  CANNOT_MINT,
  LINK_CLAIMED_BY_ANOTHER,
  type GaslessClaimReply,
  type MintDataReply,
  type MintRefusal,
  type NftTemplate,
  ADDRESS_PATTERN,
} from '@metatag/api-types';
import { CHIPLINKS_EVENTS, GASLESS_KEY_PREFIX, placeHolders, TEMPLATES } from '@metatag/events';
import type { ChainDirectory } from '@metatag/chain';
import { AppError, CLOCK, LOGGER, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { Outbox, outboxEvent } from '@metatag/outbox';
import { CheckTagService } from '../chips/check-tag.service.js';
import { ScanTokens } from '../chips/scan-token.js';
import { CHAINS, SERVICES, TEMPLATE_LOOKUP, TOKEN_STATE, VOUCHER_SIGNER } from '../chiplinks.tokens.js';
import { ChiplinkRepository, type ChiplinkRow } from '../links/chiplink.repository.js';
import { ChipTapRepository } from '../chips/chip-tap.repository.js';
import { LockRepository } from '../lock/lock.repository.js';
import { VoucherRepository } from './voucher.repository.js';
import { gasPayerOf } from '../links/lookup.service.js';
import { isLinkClaimHandle, newTokenId } from '../links/public-id.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ClaimPhaseRule, PhaseRefusal } from './claim-phase.rule.js';
import { GaslessMinter } from './gasless-minter.js';
import type { TokenStateReader } from './token-state.reader.js';
import { TwoTapRule } from './two-tap.rule.js';
import type { VoucherSigner } from './voucher.signer.js';

/** How long a voucher stays valid on chain: enough to confirm in a wallet, short enough to go stale. */
const VOUCHER_TTL_S = 15 * 60;
/**
 * A voucher of a template with a limit holds one of its places until it expires, so it lives only
 * as long as a visitor needs to confirm it in a wallet: an anonymous request cannot keep a limited
 * template's last place from everyone else for long (one hold per chip or link; asking again
 * replaces that chip or link's hold rather than adding one).
 */
export const LIMITED_VOUCHER_TTL_S = 2 * 60;

export interface MintDataInput {
  idOrUid: string;
  to: string;
  auth?: string;
  authtoken?: string;
  isTransfer: boolean;
  ip: string;
}

/**
 * An emailed one-time link (issue #29 item 3) stands in for the tap: it was started with one, and is
 * spent by the claim it proves.
 */
export interface EmailProof {
  claimId: string;
}

/** A refusal the reply answers with the spec's 'cannot mint', and the cause when a buyer can act on it. */
export class CannotMint extends Error {
  constructor(readonly reason?: MintRefusal) {
    super(CANNOT_MINT);
  }
}
/** A pending email claim holds the chip or link (#29 item 3): to a mint, just 'cannot mint'. */
export class HeldForEmail extends CannotMint {}
/** The template's owner has no relayer balance left for a gasless claim (402, the spec's mint failure). */
class OwnerCannotPay extends Error {}

/**
 * A utility token presented as the mint/claim credential: refused outright (401), not as 'cannot mint',
 * so a utility site that tries learns that its token does one thing only.
 */
const LINK_CLAIMED = 'link_claimed';
/** The refusals a gasless claim names (the page says what to do: tap again, wait, another wallet). */
const GASLESS_REASONS: ReadonlySet<MintRefusal> = new Set([
  'already_minted',
  'second_tap_needed',
  'second_tap_too_soon',
  'second_tap_too_late',
  'phase_not_started',
  'phase_ended',
  'not_allowlisted',
  'wallet_cap_reached',
]);
/** A link claimed for another wallet (issue #28): a clear 409, not 'cannot mint'. */
const linkClaimed = () => new AppError(LINK_CLAIMED, LINK_CLAIMED_BY_ANOTHER, 409);

export const utilityTokenRefused = () =>
  new AppError(
    'wrong_token',
    'This token proves a tap to a utility site; it cannot mint, claim or lock. Tap the chip again.',
    401,
  );

/**
 * `GET /json/get-mint-data/...` (spec sections 4 and 7): a relayer-signed voucher the visitor's wallet
 * sends to the collection. A link is proof enough; a chip needs a fresh scan (its SUN message, or the
 * scan token of its latest accepted scan). One NFT per chip/link unless the template enables multi-mint
 * for that type; the template's limit and price apply. A claim (isTransfer) moves an unlocked token of
 * a chip to a wallet that does not own it yet.
 */
@Injectable()
export class MintDataService {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly taps: ChipTapRepository,
    private readonly voucherRows: VoucherRepository,
    private readonly locks: LockRepository,
    private readonly scans: CheckTagService,
    private readonly tokens: ScanTokens,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(VOUCHER_SIGNER) private readonly vouchers: VoucherSigner,
    private readonly gasless: GaslessMinter,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly twoTap: TwoTapRule,
    private readonly phases: ClaimPhaseRule,
    private readonly outbox: Outbox,
  ) {}

  async mintData(input: MintDataInput, email?: EmailProof): Promise<MintDataReply> {
    try {
      return await this.prepare(input, email);
    } catch (error) {
      if (error instanceof CannotMint)
        return error.reason
          ? { ok: false, errorMessage: CANNOT_MINT, reason: error.reason }
          : { ok: false, errorMessage: CANNOT_MINT };
      if (error instanceof AppError && (error.code === 'wrong_token' || error.code === LINK_CLAIMED))
        throw error;
      // the relayer refusing (not the collection's minter) or a chain error: the UI says 'cannot mint'
      if (error instanceof AppError && error.status < 500) return { ok: false, errorMessage: CANNOT_MINT };
      throw error;
    }
  }

  /**
   * `POST /json/claim-gasless/{id}` (issue #29): a free template whose owner pays the gas. The same
   * proof as a voucher (a link, or a chip's fresh tap or scan token); then the relayer mints the token
   * to `to` from the owner's relayer balance, one record per tap.
   */
  async claimGasless(
    input: Omit<MintDataInput, 'isTransfer'>,
    email?: EmailProof,
  ): Promise<GaslessClaimReply> {
    try {
      const found = await this.proven({ ...input, isTransfer: false }, email);
      const { row, template, collection, state, tap } = found;
      if (gasPayerOf(template) !== 'owner' || pricing(template).price !== '0') throw new CannotMint();
      const multi = row.type === 'chip' ? template.isMultiMintEnabledchip : template.isMultiMintEnabledlink;
      // a link has no tap to bound its claims by: only its one token may be claimed for free
      if (row.type === 'link' && multi) throw new CannotMint();
      // a link is a bearer claim bound to its first claimer, gasless or not (issue #28 item 2)
      if (row.type === 'link' && !(await this.voucherRows.bindClaimer(row.id, input.to))) throw linkClaimed();
      const nft = { collection, chain: template.chain };
      const key = `${GASLESS_KEY_PREFIX}${row.id}:${
        email ? `email-${email.claimId}` : row.type === 'chip' ? `tap-${tap}` : `token-${row.tokenToMint}`
      }`;
      let tokenId = row.tokenToMint;
      // a burned token (redeemed) was minted: its id is never minted again
      if (state.burned && !multi) throw new CannotMint('already_minted');
      if (state.owner && !multi) {
        // the claim of this chip or link is done: asking again answers it (not a second mint)
        if (state.owner === input.to.toLowerCase())
          // with the mint's transaction (its latest Transfer, from the index): a caller that asks again
          // until it sees a hash (the SDK's gasless mint flow) must not wait for one that never comes
          return {
            ok: true,
            tokenid: tokenId,
            mintId: '',
            status: 'confirmed',
            tx: state.txHash ?? null,
            nft,
          };
        throw new CannotMint();
      }
      if (state.owner || state.burned) {
        tokenId = (await this.voucherRows.rotateToken(row.id, row.tokenToMint, newTokenId())) ?? tokenId;
        if (tokenId === row.tokenToMint) throw new CannotMint();
      }
      if (template.limit > 0 && (await this.placesTaken(template, row.id)) >= template.limit)
        throw new CannotMint('sold_out');
      // a phased template (issue #32 item 3): the relayer mints through the phase open to this
      // recipient, so the collection enforces its window, allowlist and per-wallet cap as for a
      // wallet's own mint; a phase with a price of its own is not free, so not for the owner to pay
      const chosen = await this.choosePhase(template, collection, input.to);
      if (
        chosen &&
        chosen.phase.price !== '' &&
        pricing({ ...template, price: chosen.phase.price }).price !== '0'
      )
        throw new CannotMint();
      // the token's place under the limit is held like a voucher's until the ledger counts its mint
      const until = new Date(this.clock.now().getTime() + VOUCHER_TTL_S * 1000);
      // the relayer sends it, but the claim came from this chip or link: the mints list says so (#30)
      await this.reserve(row, tokenId, until, template, collection);
      const mint = await this.gasless.mint({
        template,
        chiplinkId: row.id,
        collection,
        to: input.to,
        tokenId,
        key,
        ...(chosen ? { phase: chosen.terms } : {}),
      });
      if (!mint) {
        await this.voucherRows.clearVoucher(row.id, tokenId);
        // the place goes back at once; should templates not answer, the hold simply expires
        if (template.limit > 0)
          await this.services
            .send(TEMPLATES.releasePlace, { nftId: template.id, holder: placeHolders.chiplink(row.id) })
            .catch((error: unknown) =>
              this.logger.warn({ err: error, nftId: template.id }, 'place left to expire'),
            );
        throw new OwnerCannotPay();
      }
      return { ok: true, tokenid: mint.tokenId, mintId: mint.id, status: mint.status, tx: mint.tx, nft };
    } catch (error) {
      if (error instanceof OwnerCannotPay) throw new AppError('owner_cannot_pay', CANNOT_MINT, 402);
      // a two-tap or phase refusal names its reason: the page tells the visitor to tap again, or why
      // this wallet cannot claim now (not open, not listed, its cap reached)
      if (error instanceof CannotMint && error.reason && GASLESS_REASONS.has(error.reason))
        return { ok: false, errorMessage: CANNOT_MINT, reason: error.reason };
      if (error instanceof CannotMint) return { ok: false, errorMessage: CANNOT_MINT };
      if (error instanceof AppError && error.code === 'wrong_token') throw error;
      if (error instanceof AppError && error.status < 500) return { ok: false, errorMessage: CANNOT_MINT };
      throw error;
    }
  }

  /**
   * What a voucher and a gasless claim both check first: the chip or link, its template and the
   * collection it mints in (attached to the template's owner, or the chain's default), the token's
   * state on chain, and for a chip the proof of a tap (its counter).
   */
  async proven(input: MintDataInput, email?: EmailProof) {
    // the row and the email claim holding it come in one statement (#33 item 4)
    const found = await this.repo.findForClaim(input.idOrUid, this.clock.now());
    if (!found || found.row.deleted) throw new CannotMint();
    const { row } = found;
    // what the chain and the read model say is read meanwhile; the hold's refusal still comes first, so
    // the facts' own refusal waits, handled, until it is awaited below
    const facts = this.mintFacts(row);
    facts.catch(() => undefined);
    // a pending email claim holds the chip or link for its email: only its own link may claim (#29)
    if (found.heldBy !== null && found.heldBy !== email?.claimId) throw new HeldForEmail();
    if (row.type === 'link' && input.isTransfer) throw new CannotMint(); // a claim needs the physical chip
    // a link is a bearer claim: only a handle of ≥ 80 bits mints or claims it (its public id, or a uid
    // made since #28's decision 107); a 56-bit uid of an older link still names it for its owner, but
    // answers 'cannot mint' here (get-mint-data, claim-gasless and the email claim all come through)
    if (row.type === 'link' && !isLinkClaimHandle(row, input.idOrUid)) throw new CannotMint();
    // a link is a bearer claim: once claimed for a wallet, no other wallet may use it (issue #28)
    const claimedByOther = (r: ChiplinkRow) => r.claimedBy !== null && r.claimedBy !== input.to.toLowerCase();
    if (row.type === 'link' && claimedByOther(row)) throw linkClaimed();
    // everything read from other services and the chain comes before a fresh tap's counter is
    // accepted: a reply that fails must not spend the tap (issue #14 item 2)
    const { template, collection, state } = await facts;
    let tap: number | undefined;
    if (row.type === 'chip' && !email) {
      tap = await this.chipProven(row, input);
      if (tap === undefined) throw new CannotMint('tap_expired');
      // a two-tap template (issue #32 item 4): this tap must follow an earlier one in the window
      const refusal = await this.twoTap.refusal(row.id, template.twoTap);
      if (refusal) throw new CannotMint(refusal);
    }
    if (state.owner) await this.voucherRows.markMinted(row.id, row.tokenToMint);
    if (state.locked !== row.locked && state.owner) await this.locks.setLocked(row.id, state.locked);
    return { row, template, collection, state, tap };
  }

  /**
   * The template, the collection it mints in and the token's state there. The relayer is the minter of
   * many users' collections: a template may only mint into a collection attached to its own owner (or
   * anyone could point a template at someone else's), or into the chain's default collection when it
   * names none.
   */
  private async mintFacts(row: ChiplinkRow) {
    const template = await this.templates.get(row.nftId);
    if (!template) throw new CannotMint();
    const target = await this.templates.mintTarget(template);
    if (!target.address || !target.attached) throw new CannotMint();
    const collection = target.address;
    const state = await this.state.read(template.chain, collection, row.tokenToMint);
    return { template, collection, state };
  }

  private async prepare(input: MintDataInput, email?: EmailProof): Promise<MintDataReply> {
    const { row, template, collection, state } = await this.proven(input, email);
    const ttl = template.limit > 0 && !input.isTransfer ? LIMITED_VOUCHER_TTL_S : VOUCHER_TTL_S;
    const deadline = String(Math.floor(this.clock.now().getTime() / 1000) + ttl);
    const nft = { collection, chain: template.chain };

    if (input.isTransfer) {
      // a resale template's claim waits for the owner's veto (issue #32 item 2): POST /json/resale
      if (template.resale) throw new CannotMint();
      if (!state.owner || state.locked || state.owner === input.to) throw new CannotMint();
      const signed = await this.vouchers.sign({
        kind: 'transfer',
        chain: template.chain,
        collection,
        to: input.to,
        tokenId: row.tokenToMint,
        deadline,
      });
      return { ok: true, data: signed.data, tokenid: row.tokenToMint, value: signed.value, nft };
    }

    let tokenId = row.tokenToMint;
    // a burned token (redeemed, #32 item 5) was minted: the collection never mints its id again
    if (state.owner || state.burned) {
      const multi = row.type === 'chip' ? template.isMultiMintEnabledchip : template.isMultiMintEnabledlink;
      if (!multi) throw new CannotMint('already_minted');
      tokenId = (await this.voucherRows.rotateToken(row.id, row.tokenToMint, newTokenId())) ?? tokenId;
      if (tokenId === row.tokenToMint) throw new CannotMint();
    }
    if (template.limit > 0 && (await this.placesTaken(template, row.id)) >= template.limit)
      throw new CannotMint('sold_out');
    // a phased template (issue #32 item 3): the phase open to this wallet, its price and terms
    const chosen = await this.choosePhase(template, collection, input.to);
    const { price, payoutAddress } = pricing(
      chosen && chosen.phase.price !== '' ? { ...template, price: chosen.phase.price } : template,
    );
    // a wallet that cannot pay the price gets no voucher: a link's voucher binds the link to it and
    // holds one of the template's places, which a wallet with nothing would keep from a real buyer
    // (#30; the page checks price and gas first, this is the server's own guard)
    if (price !== '0' && (await this.balanceOf(template.chain, input.to)) < BigInt(price))
      throw new CannotMint('insufficient_funds');
    // the signature is pure computation in the relayer: asked for while the link is bound, and only
    // handed out once the binding holds (a lost race throws it away)
    const signing = this.vouchers.sign({
      kind: 'mint',
      chain: template.chain,
      collection,
      to: input.to,
      tokenId,
      price,
      payoutAddress,
      disallowTransfers: false,
      deadline,
      ...(chosen ? { phase: chosen.terms } : {}),
    });
    signing.catch(() => undefined);
    // the binding itself, atomic: of two wallets racing for a fresh link exactly one gets a voucher
    if (row.type === 'link' && !(await this.voucherRows.bindClaimer(row.id, input.to))) throw linkClaimed();
    const signed = await signing;
    await this.reserve(row, tokenId, new Date(Number(deadline) * 1000), template, collection);
    return { ok: true, data: signed.data, tokenid: tokenId, value: signed.value, nft };
  }

  /** The phase open to `to` (undefined without phases); a phase refusal as a named 'cannot mint'. */
  private choosePhase(template: NftTemplate, collection: string, to: string) {
    return this.phases.choose(template, collection, to).catch((error: unknown) => {
      throw error instanceof PhaseRefusal ? new CannotMint(error.reason) : error;
    });
  }

  /** The wallet's balance on the template's chain (wei). */
  private async balanceOf(chain: string, address: string): Promise<bigint> {
    const handle = this.chains.byName(chain);
    if (!handle) throw new Error(`chain ${chain} is not configured`);
    return handle.client.getBalance({ address: address as `0x${string}` });
  }

  /**
   * Places taken under the template's limit, as templates counts them (#31 item 3: the ledger's mints,
   * the relayer's mints requested and the vouchers out), this chip's or link's own hold left out (asking
   * again replaces it). A read: `reserve` takes the place, atomically, when the voucher is ready.
   */
  private async placesTaken(template: NftTemplate, exceptId: string): Promise<number> {
    const { taken } = await this.services.send(TEMPLATES.placesTaken, {
      nftId: template.id,
      ...(exceptId ? { exceptHolder: placeHolders.chiplink(exceptId) } : {}),
    });
    return taken;
  }

  /**
   * Places of the template's limit still open to new claim links (issue #28, the shop's cap):
   * the limit less the places taken (`placesTaken`, as a mint checks it) and less the links that
   * already wait for a place. Infinity without a limit.
   */
  async openPlaces(template: NftTemplate): Promise<number> {
    if (template.limit <= 0) return Infinity;
    const [taken, waiting] = await Promise.all([
      this.placesTaken(template, ''),
      this.voucherRows.waitingLinks(template.id, this.clock.now()),
    ]);
    return Math.max(0, template.limit - taken - waiting);
  }

  /**
   * The chip was just read: a SUN message with a fresh counter, or the scan token of its latest scan.
   * Answers the tap's counter, undefined without a proof.
   */
  private async chipProven(row: ChiplinkRow, input: MintDataInput): Promise<number | undefined> {
    // `auth` is a fresh tap: its value alone (MetaTag's layout) or the tap's whole query string
    const query = input.auth?.includes('=') ? input.auth : `auth=${input.auth}`;
    if (input.auth) {
      // the template was read for this row: a chip moved to another template since is not this mint
      const scan = await this.scans.acceptScan(row.id, query, input.ip, async (nftId) => {
        if (nftId !== row.nftId) throw new CannotMint();
      });
      return scan?.counter;
    }
    if (!input.authtoken) return undefined;
    const now = this.clock.now();
    const claims = this.tokens.verify(input.authtoken, now, 'scan');
    if (!claims && this.tokens.verify(input.authtoken, now, 'utility')) throw utilityTokenRefused();
    // only the token of the latest accepted read counts: a later tap by someone else voids older tokens
    // (the counter belongs to the chip's UID: a token from before a delete and re-add is void too)
    if (claims === undefined || claims.sub !== row.id) return undefined;
    return claims.ctr === (await this.taps.lastCounter(row.uid)) ? claims.ctr : undefined;
  }

  /**
   * Holds the token's place until `until` and tells templates which template it is minted from (token
   * metadata comes from there): `voucher.issued` is stored in the outbox by the statement that reserves
   * the voucher, and published at once. An event, not a request: the reply does not wait for templates
   * (nor fail when it is away; the outbox's publisher retries it).
   *
   * A template with a limit counts the hold first (#31 item 3: templates is the one place it is
   * counted): taken there, atomically with its count, or 'sold out' when another took the last place
   * since `placesTaken` was read. Without a limit the event records the hold, so the count stays true
   * for a limit set later.
   */
  private async reserve(
    row: ChiplinkRow,
    tokenId: string,
    until: Date,
    template: NftTemplate,
    collection: string,
  ): Promise<void> {
    const place = {
      holder: placeHolders.chiplink(row.id),
      until: String(Math.floor(until.getTime() / 1000)),
    };
    if (template.limit > 0) {
      const { ok } = await this.services.send(TEMPLATES.takePlace, {
        nftId: template.id,
        chain: template.chain,
        token: { collection, tokenId },
        ...place,
      });
      if (!ok) throw new CannotMint('sold_out');
    }
    const fact = { chain: template.chain, collection, tokenId, nftId: template.id, source: row.type, place };
    const ids = await this.voucherRows.reserve(
      row.id,
      tokenId,
      until,
      { chain: template.chain, collection },
      outboxEvent(CHIPLINKS_EVENTS.voucherIssued, fact),
    );
    this.outbox.publishNow(ids).catch((error: unknown) => {
      this.logger.warn({ err: error, nftId: template.id, tokenId }, 'voucher.issued left for the publisher');
    });
  }
}

/** Spec section 4: no price, a zero price or no payout address mean a free mint (only gas is paid). */
export function pricing(template: Pick<NftTemplate, 'price' | 'payoutAddress'>): {
  price: string;
  payoutAddress: string;
} {
  const wei = template.price ? parseEther(template.price) : 0n;
  if (wei === 0n || !ADDRESS_PATTERN.test(template.payoutAddress))
    return { price: '0', payoutAddress: zeroAddress };
  return { price: wei.toString(), payoutAddress: template.payoutAddress };
}
