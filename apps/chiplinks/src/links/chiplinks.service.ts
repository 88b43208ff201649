import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ScanItem } from '@metatag/api-types';
import {
  CHIPLINKS_EVENTS,
  type Actor,
  type ChiplinkItem,
  type ChiplinkType,
  type ExportPageReply,
} from '@metatag/events';
import { AppError, CLOCK, LOGGER, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { ChipKeyring } from '../chips/chip-keyring.js';
import { SERVICES, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ScanRecorder } from '../scans/scan.recorder.js';
import { ScanRepository } from '../scans/scan.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import {
  ChiplinkRepository,
  toChiplinkItem,
  type ChiplinkRow,
  type NewChiplink,
} from './chiplink.repository.js';
import { newLinkUid, newPublicId, newTokenId } from './public-id.js';

export const CHIPLINK_NOT_FOUND = 'Chip or link not found';
export const CHIP_ID_REQUIRED = 'Chip id is required';
export const ALREADY_LINKED = 'This chip is already linked';
export const ID_TAKEN = 'This id is already taken';
/** Generated names that happened to be taken are drawn again this many times. */
const NAME_ATTEMPTS = 3;

export interface CreateChiplinks {
  actor: Actor;
  type: ChiplinkType;
  nftId: number;
  uid?: string;
  id?: string;
  keys?: { metaReadKey: string; fileReadKey: string };
  batch?: number;
}

/**
 * Chips and QR links of NFT templates (spec sections 2, 3, 7): list, create (one chip by its UID, one
 * or a batch of links), soft delete, export, scans. Only the template's owner or a super admin reaches
 * them: the templates service decides, and answers anyone else with its 404.
 */
@Injectable()
export class ChiplinksService {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly scans: ScanRepository,
    private readonly recorder: ScanRecorder,
    private readonly keyring: ChipKeyring,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(actor: Actor, type: ChiplinkType, nftId: number, limit: number) {
    await this.templates.owned(nftId, actor);
    const { rows, total } = await this.repo.list(nftId, type, limit);
    return { ok: true as const, items: rows.map(toChiplinkItem), total };
  }

  async create(
    req: CreateChiplinks,
  ): Promise<{ ok: true; item: ChiplinkItem } | { ok: true; items: ChiplinkItem[] }> {
    await this.templates.owned(req.nftId, req.actor);
    const rows = await this.insert(req);
    await this.announceCounts(req.nftId);
    const items = rows.map(toChiplinkItem);
    return req.batch === undefined ? { ok: true, item: items[0] } : { ok: true, items };
  }

  async remove(actor: Actor, type: ChiplinkType, nftId: number, id: string): Promise<{ ok: true }> {
    await this.templates.owned(nftId, actor);
    if (!(await this.repo.softDelete(id, nftId, type, this.clock.now())))
      throw AppError.notFound(CHIPLINK_NOT_FOUND);
    await this.announceCounts(nftId);
    return { ok: true };
  }

  async exportPage(
    actor: Actor,
    type: ChiplinkType,
    nftId: number,
    after: number,
    limit: number,
  ): Promise<ExportPageReply> {
    // the owner check runs on every page: a page is a request like any other
    await this.templates.owned(nftId, actor);
    const rows = await this.repo.page(nftId, type, after, limit);
    return {
      items: rows.map(toChiplinkItem),
      next: rows.length === limit ? rows[rows.length - 1].seq : null,
    };
  }

  /** Public: what a QR code of `id` points at. */
  async publicTarget(id: string): Promise<{ id: string; type: ChiplinkType }> {
    const row = await this.repo.findById(id);
    if (!row || row.deleted) throw AppError.notFound(CHIPLINK_NOT_FOUND);
    return { id: row.id, type: row.type };
  }

  async scansOf(actor: Actor, id: string): Promise<{ items: ScanItem[] }> {
    const row = await this.repo.findById(id);
    if (!row) throw AppError.notFound(CHIPLINK_NOT_FOUND);
    await this.templates.owned(row.nftId, actor);
    await this.recorder.flush();
    return { items: await this.scans.list(id) };
  }

  /**
   * Chip ids and link uids share one namespace with every id: a chosen chip id that is taken (as an
   * id or as a link's uid) is a 409; a generated id or uid that is taken is drawn again.
   */
  private async insert(req: CreateChiplinks): Promise<ChiplinkRow[]> {
    for (let attempt = 1; ; attempt++) {
      const result = await this.repo.insertMany(
        req.type === 'chip' ? [this.newChip(req)] : this.newLinks(req),
      );
      if (result.ok) return result.rows;
      if (result.taken === 'chip') throw new AppError('already_linked', ALREADY_LINKED, 409);
      if (req.id !== undefined || attempt >= NAME_ATTEMPTS) throw new AppError('id_taken', ID_TAKEN, 409);
    }
  }

  private newChip(req: CreateChiplinks): NewChiplink {
    if (req.batch !== undefined) throw new AppError('invalid_input', 'Chips are linked one at a time', 400);
    const uid = (req.uid ?? '').replace(/[\s:-]/g, '').toUpperCase();
    if (uid === '') throw new AppError('invalid_input', CHIP_ID_REQUIRED, 400);
    if (!/^[0-9A-F]{14}$/.test(uid))
      throw new AppError('invalid_input', 'Chip id must be the 7-byte UID in hex (14 digits)', 400);
    const id = req.id ?? newPublicId();
    const keys = req.keys && {
      metaReadKey: Buffer.from(req.keys.metaReadKey, 'hex'),
      fileReadKey: Buffer.from(req.keys.fileReadKey, 'hex'),
    };
    return {
      id,
      type: 'chip',
      nftId: req.nftId,
      uid,
      tokenToMint: newTokenId(),
      keySource: keys ? 1 : 0,
      keysSealed: keys ? this.keyring.seal(id, keys) : null,
    };
  }

  private newLinks(req: CreateChiplinks): NewChiplink[] {
    if (req.id !== undefined || req.keys !== undefined)
      throw new AppError('invalid_input', 'Links get their ids and uids from the server', 400);
    return Array.from({ length: req.batch ?? 1 }, () => ({
      id: newPublicId(),
      type: 'link' as const,
      nftId: req.nftId,
      uid: newLinkUid(),
      tokenToMint: newTokenId(),
    }));
  }

  /** The templates service keeps each template's chip and link counts; absolute numbers make replays harmless. */
  private async announceCounts(nftId: number): Promise<void> {
    try {
      await this.services.emit(CHIPLINKS_EVENTS.countsChanged, {
        nftId,
        ...(await this.repo.liveCounts(nftId)),
      });
    } catch (error) {
      this.logger.warn({ err: error, nftId }, 'chip and link counts not announced');
    }
  }
}
