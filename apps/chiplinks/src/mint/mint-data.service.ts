import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { parseEther, zeroAddress } from 'viem';
import { CANNOT_MINT, type MintDataReply, type NftTemplate } from '@metatag/api-types';
import { CHIPLINKS_EVENTS, relayerActiveMints } from '@metatag/events';
import { AppError, CLOCK, LOGGER, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { CheckTagService } from '../chips/check-tag.service.js';
import { ScanTokens } from '../chips/scan-token.js';
import { SERVICES, TEMPLATE_LOOKUP, TOKEN_STATE, VOUCHER_SIGNER } from '../chiplinks.tokens.js';
import { ChiplinkRepository, type ChiplinkRow } from '../links/chiplink.repository.js';
import { newTokenId } from '../links/public-id.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import type { TokenStateReader } from './token-state.reader.js';
import { VoucherSettlement } from './voucher-settlement.js';
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
/** Vouchers out that a limit check verifies on the chain one by one. */
const PENDING_CHECK_LIMIT = 50;

export interface MintDataInput {
  idOrUid: string;
  to: string;
  auth?: string;
  authtoken?: string;
  isTransfer: boolean;
  ip: string;
}

class CannotMint extends Error {}

/**
 * A utility token presented as the mint/claim credential: refused outright (401), not as 'cannot mint',
 * so a utility site that tries learns that its token does one thing only.
 */
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
    private readonly scans: CheckTagService,
    private readonly tokens: ScanTokens,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(VOUCHER_SIGNER) private readonly vouchers: VoucherSigner,
    private readonly settlement: VoucherSettlement,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async mintData(input: MintDataInput): Promise<MintDataReply> {
    try {
      return await this.prepare(input);
    } catch (error) {
      if (error instanceof CannotMint) return { ok: false, errorMessage: CANNOT_MINT };
      if (error instanceof AppError && error.code === 'wrong_token') throw error;
      // the relayer refusing (not the collection's minter) or a chain error: the UI says 'cannot mint'
      if (error instanceof AppError && error.status < 500) return { ok: false, errorMessage: CANNOT_MINT };
      throw error;
    }
  }

  private async prepare(input: MintDataInput): Promise<MintDataReply> {
    const row = await this.repo.findByPublicName(input.idOrUid);
    if (!row || row.deleted) throw new CannotMint();
    if (row.type === 'link' && input.isTransfer) throw new CannotMint(); // a claim needs the physical chip
    // everything read from other services and the chain comes before a fresh tap's counter is
    // accepted: a reply that fails must not spend the tap (issue #14 item 2)
    const template = await this.templates.get(row.nftId);
    if (!template) throw new CannotMint();
    // the relayer is the minter of many users' collections: a template may only mint into a
    // collection attached to its own owner (or anyone could point a template at someone else's), or
    // into the chain's default collection when it names none
    const target = await this.templates.mintTarget(template);
    if (!target.address || !target.attached) throw new CannotMint();
    const collection = target.address;
    const state = await this.state.read(template.chain, collection, row.tokenToMint);
    if (row.type === 'chip' && !(await this.chipProven(row, input))) throw new CannotMint();
    if (state.owner) await this.repo.markMinted(row.id, row.tokenToMint);
    if (state.locked !== row.locked && state.owner) await this.repo.setLocked(row.id, state.locked);
    const ttl = template.limit > 0 && !input.isTransfer ? LIMITED_VOUCHER_TTL_S : VOUCHER_TTL_S;
    const deadline = String(Math.floor(this.clock.now().getTime() / 1000) + ttl);
    const nft = { collection, chain: template.chain };

    if (input.isTransfer) {
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
    if (state.owner) {
      const multi = row.type === 'chip' ? template.isMultiMintEnabledchip : template.isMultiMintEnabledlink;
      if (!multi) throw new CannotMint();
      tokenId = (await this.repo.rotateToken(row.id, row.tokenToMint, newTokenId())) ?? tokenId;
      if (tokenId === row.tokenToMint) throw new CannotMint();
    }
    if (template.limit > 0 && (await this.placesTaken(template, collection, row.id)) >= template.limit)
      throw new CannotMint();
    const { price, payoutAddress } = pricing(template);
    const signed = await this.vouchers.sign({
      kind: 'mint',
      chain: template.chain,
      collection,
      to: input.to,
      tokenId,
      price,
      payoutAddress,
      disallowTransfers: false,
      deadline,
    });
    await this.repo.reserve(row.id, tokenId, new Date(Number(deadline) * 1000), nft);
    this.recordToken(template, collection, tokenId);
    return { ok: true, data: signed.data, tokenid: tokenId, value: signed.value, nft };
  }

  /**
   * Places taken under the template's limit: the relayer's manual mints that have not failed
   * (queued ones included), and what its chips and links took.
   */
  private async placesTaken(template: NftTemplate, collection: string, exceptId: string): Promise<number> {
    const [{ active }, own] = await Promise.all([
      this.services.send(relayerActiveMints, { nftId: template.id }),
      this.used(template, collection, exceptId),
    ]);
    return active + own;
  }

  /** What chiplinks' usage request answers: the places the template's chips and links took. */
  async usage(nftId: number): Promise<{ used: number }> {
    const template = await this.templates.get(nftId);
    if (!template) return { used: 0 };
    // the collection it mints in: its own, or the chain's default
    const { address } = await this.templates.mintTarget(template);
    if (!address) return { used: 0 };
    return { used: await this.used(template, address, '') };
  }

  /**
   * Places taken through the template's chips and links: their mints counted by the ledger, and
   * vouchers still out (a minted one the ledger has not counted yet included). Vouchers out are checked
   * on the chain first (an expired unused one frees its place); above PENDING_CHECK_LIMIT they simply
   * count, which errs on the safe side.
   */
  private async used(template: NftTemplate, collection: string, exceptId: string): Promise<number> {
    const pending = await this.repo.pendingVouchers(template.id, exceptId, PENDING_CHECK_LIMIT + 1);
    const reserved =
      pending.length <= PENDING_CHECK_LIMIT
        ? await this.settlement.settle(template.chain, collection, pending)
        : pending.length;
    return (await this.repo.mintedCount(template.id)) + reserved;
  }

  /** The chip was just read: a SUN message with a fresh counter, or the scan token of its latest scan. */
  private async chipProven(row: ChiplinkRow, input: MintDataInput): Promise<boolean> {
    // `auth` is a fresh tap: its value alone (MetaTag's layout) or the tap's whole query string
    const query = input.auth?.includes('=') ? input.auth : `auth=${input.auth}`;
    if (input.auth) {
      // the template was read for this row: a chip moved to another template since is not this mint
      const scan = await this.scans.acceptScan(row.id, query, input.ip, async (nftId) => {
        if (nftId !== row.nftId) throw new CannotMint();
      });
      return scan !== undefined;
    }
    if (!input.authtoken) return false;
    const now = this.clock.now();
    const claims = this.tokens.verify(input.authtoken, now, 'scan');
    if (!claims && this.tokens.verify(input.authtoken, now, 'utility')) throw utilityTokenRefused();
    // only the token of the latest accepted read counts: a later tap by someone else voids older tokens
    // (the counter belongs to the chip's UID: a token from before a delete and re-add is void too)
    return (
      claims !== undefined && claims.sub === row.id && claims.ctr === (await this.repo.lastCounter(row.uid))
    );
  }

  /**
   * Token metadata comes from templates: tell it which template this token is minted from. An event,
   * not a request: the reply does not wait for templates (nor fail when it is away).
   */
  private recordToken(template: NftTemplate, collection: string, tokenId: string): void {
    const fact = { chain: template.chain, collection, tokenId, nftId: template.id };
    this.services.emit(CHIPLINKS_EVENTS.voucherIssued, fact).catch((error: unknown) => {
      this.logger.warn({ err: error, nftId: template.id, tokenId }, 'token not recorded with its template');
    });
  }
}

/** Spec section 4: no price, a zero price or no payout address mean a free mint (only gas is paid). */
export function pricing(template: Pick<NftTemplate, 'price' | 'payoutAddress'>): {
  price: string;
  payoutAddress: string;
} {
  const wei = template.price ? parseEther(template.price) : 0n;
  if (wei === 0n || !/^0x[0-9a-f]{40}$/.test(template.payoutAddress))
    return { price: '0', payoutAddress: zeroAddress };
  return { price: wei.toString(), payoutAddress: template.payoutAddress };
}
