import { PendingRelay } from '../nfc-nft/pending-relay.js';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type {
  ChiplinkLookupReply,
  ChiplinkTokenState,
  GasPayer,
  NftTemplate,
  PublicNft,
} from '@metatag/api-types';
import { toPublicClaimPhase } from '@metatag/api-types';
import type { ChiplinkType } from '@metatag/events';
import { AppError, CLOCK, LOGGER, type Clock } from '@metatag/nest-kit';
import { GEO_LOOKUP, TEMPLATE_LOOKUP, TOKEN_STATE } from '../chiplinks.tokens.js';
import type { TokenStateReader } from '../mint/token-state.reader.js';
import type { GeoLookup } from '../scans/geo.lookup.js';
import { LinkVisits } from '../scans/link-visits.js';
import { ScanRecorder } from '../scans/scan.recorder.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ChiplinkRepository } from './chiplink.repository.js';
import { LimitedTokenRepository } from '../limited/limited-token.repository.js';
import { TokenLifecycle } from '../redemptions/token-lifecycle.js';

/** Spec section 2: what the chip and link pages show for an unknown or removed id. */
export const TAG_NOT_CONNECTED = 'Tag is not connected yet';
export const LINK_NOT_VALID = 'Link is not valid';

/**
 * Who pays a free mint's gas. A template projected before issue #29 has no such field: its visitor pays,
 * as every template did then.
 */
export function gasPayerOf(t: NftTemplate): GasPayer {
  return (t as Partial<NftTemplate>).gasPaidBy === 'owner' ? 'owner' : 'visitor';
}

/** The template fields a public page may show (no owner id, shop item or utility URL). */
export function toPublicNft(t: NftTemplate): PublicNft {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    image: t.image,
    imageRefresh: t.imageRefresh,
    mimeType: t.mimeType,
    chain: t.chain,
    collection: t.collection,
    limit: t.limit,
    mints: t.mints,
    price: t.price,
    payoutAddress: t.payoutAddress,
    isMultiMintEnabledchip: t.isMultiMintEnabledchip,
    isMultiMintEnabledlink: t.isMultiMintEnabledlink,
    gasPaidBy: gasPayerOf(t),
    showFileData: t.showFileData === true,
    twoTap: t.twoTap ?? null,
    resale: t.resale ?? null,
    // the public part: where the shop is told stays with the owner
    redemption: t.redemption
      ? { kind: t.redemption.kind, description: t.redemption.description, mode: t.redemption.mode }
      : null,
    claimPhases: (t.claimPhases ?? []).map(toPublicClaimPhase),
    created: t.created,
  };
}

/**
 * `GET /json/nft-by-chiplink/{id}?type=`: the public chip and link pages. Opening a link counts as its
 * scan, once per visitor and window (scans/link-visits.ts).
 */
@Injectable()
export class LookupService {
  private readonly visits = new LinkVisits();

  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly recorder: ScanRecorder,
    @Inject(GEO_LOOKUP) private readonly geo: GeoLookup,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly pending: PendingRelay,
    private readonly limited: LimitedTokenRepository,
    private readonly lifecycle: TokenLifecycle,
  ) {}

  async lookup(id: string, type: ChiplinkType, ip: string): Promise<ChiplinkLookupReply> {
    const { row, template, collection } = await this.find(id, type);
    const token = this.tokenOf(template, collection, row.tokenToMint);
    const lifecycle = this.lifecycle.of(template.chain, collection, row.tokenToMint);
    const nfcNft = type === 'chip' ? await this.pending.recordOf(id) : undefined;
    const limited =
      collection === '' ? undefined : await this.limited.find(template.chain, collection, row.tokenToMint);
    const father = limited?.parentTokenId
      ? await this.limited.find(template.chain, collection, limited.parentTokenId)
      : undefined;
    let scans = row.scans;
    const now = this.clock.now();
    if (type === 'link' && this.visits.firstInWindow(id, ip, now.getTime())) {
      await this.repo.countLinkScan(id);
      this.recorder.record({ chiplinkId: id, at: now, ...this.geo.lookup(ip) });
      scans += 1;
    }
    return {
      // a template without a collection shows (and mints into) the chain's default collection
      nft: toPublicNft({ ...template, collection }),
      chiplink: {
        id: row.id,
        type: row.type,
        uid: row.type === 'link' ? row.uid : null,
        scans,
        mints: row.mints,
        tokenToMint: row.tokenToMint,
        locked: row.locked,
        created: row.created.toISOString(),
      },
      token: await token,
      smartContract: collection,
      isNfcNft: nfcNft !== undefined,
      pendingTransactionData: nfcNft?.pendingTransactionData || null,
      limited: limited
        ? {
            parentTokenId: limited.parentTokenId,
            connected: limited.connected,
            children: limited.children,
            fatherChildren: limited.parentTokenId ? (father?.children ?? 0) : null,
          }
        : null,
      lifecycle: await lifecycle,
    };
  }

  /** The token's state alone: the page refreshes it after a mint, claim or lock without counting a scan. */
  async tokenState(id: string, type: ChiplinkType): Promise<ChiplinkTokenState> {
    const { row, template, collection } = await this.find(id, type);
    const token = await this.tokenOf(template, collection, row.tokenToMint);
    if (!token) throw new AppError('chain_unavailable', 'The chain cannot be read right now', 503);
    return token;
  }

  private async find(id: string, type: ChiplinkType) {
    const notFound = () =>
      new AppError('not_found', type === 'chip' ? TAG_NOT_CONNECTED : LINK_NOT_VALID, 404);
    const row = await this.repo.findById(id);
    if (!row || row.deleted || row.type !== type) throw notFound();
    const template = await this.templates.get(row.nftId);
    if (!template) throw notFound();
    const { address: collection } = await this.templates.mintTarget(template);
    return { row, template, collection };
  }

  /**
   * Without a collection (none set and no default on the chain) the token cannot exist; null when the
   * chain cannot be read: the page still renders.
   */
  private async tokenOf(
    template: NftTemplate,
    collection: string,
    tokenId: string,
  ): Promise<ChiplinkTokenState | null> {
    if (collection === '') return { tokenId, owner: null, locked: false, txHash: null };
    try {
      const state = await this.state.read(template.chain, collection, tokenId);
      return { tokenId, owner: state.owner, locked: state.locked, txHash: state.txHash ?? null };
    } catch (error) {
      this.logger.warn({ err: error, chain: template.chain, tokenId }, 'token state not readable');
      return null;
    }
  }
}
