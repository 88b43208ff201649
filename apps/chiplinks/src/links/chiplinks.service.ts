import { Inject, Injectable } from '@nestjs/common';
import type { ScanItem } from '@metatag/api-types';
import { type Actor, type ChiplinkItem, type ChiplinkType, type ExportPageReply } from '@metatag/events';
import { AppError, CLOCK, type Clock } from '@metatag/nest-kit';
import { resolveKeyMaterial, type KeyRequest } from '../chips/chip-key-material.js';
import { ChipKeyring } from '../chips/chip-keyring.js';
import { CHIP_KEY_POLICY, TEMPLATE_LOOKUP, type ChipKeyPolicy } from '../chiplinks.tokens.js';
import { BatchRepository } from '../batches/batch.repository.js';
import { ScanRecorder } from '../scans/scan.recorder.js';
import { ScanRepository } from '../scans/scan.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import {
  ChiplinkRepository,
  toChiplinkItem,
  type ChiplinkRow,
  type InsertResult,
  type NewChiplink,
} from './chiplink.repository.js';
import { QuotaGuard, type QuotaClaim, type QuotaOwner } from '../quota/quota.guard.js';
import { CountsAnnouncer } from './counts-announcer.js';
import { newLinkUid, newPublicId, newTokenId } from './public-id.js';

export const CHIPLINK_NOT_FOUND = 'Chip or link not found';
export const CHIP_ID_REQUIRED = 'Chip id is required';
export const ALREADY_LINKED = 'This chip is already linked';
export const ID_TAKEN = 'This id is already taken';
/** Generated names that happened to be taken are drawn again this many times. */
const NAME_ATTEMPTS = 3;

export interface CreateChiplinks extends KeyRequest {
  actor: Actor;
  type: ChiplinkType;
  nftId: number;
  uid?: string;
  id?: string;
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
    private readonly batches: BatchRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CHIP_KEY_POLICY) private readonly keyPolicy: ChipKeyPolicy,
    private readonly quota: QuotaGuard,
    private readonly counts: CountsAnnouncer,
  ) {}

  async list(actor: Actor, type: ChiplinkType, nftId: number, limit: number) {
    await this.templates.owned(nftId, actor);
    const { rows, total } = await this.repo.list(nftId, type, limit);
    if (type !== 'chip') return { ok: true as const, items: rows.map(toChiplinkItem), total };
    // chips carry their taps' warnings: tamper seal and counter jumps (issue #26)
    const flags = await this.repo.scanFlags(rows.map((r) => r.id));
    const items = rows.map((r) => ({
      ...toChiplinkItem(r),
      tamper: flags.get(r.id)?.tamper ?? null,
      fileData: flags.get(r.id)?.fileData ?? null,
      counterJumps: flags.get(r.id)?.counterJumps ?? 0,
    }));
    return { ok: true as const, items, total };
  }

  /**
   * `shopOrder`: the links of a shop order line, counted as links and as webhook units (issue #28).
   */
  async create(
    req: CreateChiplinks,
    options: { shopOrder?: boolean } = {},
  ): Promise<{ ok: true; item: ChiplinkItem } | { ok: true; items: ChiplinkItem[] }> {
    const template = await this.templates.owned(req.nftId, req.actor);
    const owner = { ownerId: template.owner, actor: req.actor };
    if (req.type === 'chip') return { ok: true, item: toChiplinkItem(await this.createChip(req, owner)) };
    const links = this.newLinks(req);
    const claims: QuotaClaim[] = [{ kind: 'links', units: links.length }];
    if (options.shopOrder) claims.push({ kind: 'webhook-units', units: links.length });
    const rows = await this.insertNamed(
      () => this.repo.insertMany(links, this.quota.before(owner, claims)),
      req.id,
    );
    await this.announceCounts(req.nftId);
    const items = rows.map(toChiplinkItem);
    return req.batch === undefined ? { ok: true, item: items[0] } : { ok: true, items };
  }

  /**
   * One chip by its UID. A UID whose chip was deleted from one of the caller's templates is restored
   * (same template) or re-linked (another template) with its id, scans and counter: the chip's URL
   * keeps working and no URL it ever produced works again. Without new key fields it keeps its keys.
   */
  private async createChip(req: CreateChiplinks, owner: QuotaOwner): Promise<ChiplinkRow> {
    if (req.batch !== undefined) throw new AppError('invalid_input', 'Chips are linked one at a time', 400);
    const uid = (req.uid ?? '').replace(/[\s:-]/g, '').toUpperCase();
    if (uid === '') throw new AppError('invalid_input', CHIP_ID_REQUIRED, 400);
    if (!/^[0-9A-F]{14}$/.test(uid))
      throw new AppError('invalid_input', 'Chip id must be the 7-byte UID in hex (14 digits)', 400);
    const material = resolveKeyMaterial(req, uid, this.keyPolicy.allowFactoryKeys);
    const newKeys = req.scheme !== undefined || req.keys !== undefined || req.masterKey !== undefined;
    const deleted = await this.restorable(uid, req);
    let row: ChiplinkRow | undefined;
    if (deleted) {
      const keys = newKeys
        ? {
            keyScheme: material.scheme,
            keysSealed: material.keys ? this.keyring.seal(deleted.id, material.keys) : null,
          }
        : undefined;
      row = await this.repo.restoreChip(deleted, req.nftId, keys, {
        id: newPublicId(),
        nextToken: newTokenId(),
      });
      if (row && deleted.nftId !== req.nftId) await this.announceCounts(deleted.nftId);
      if (!row) throw new AppError('already_linked', ALREADY_LINKED, 409);
    } else {
      // a chip linked one by one belongs to its template's default batch (issue #26)
      const batchId = await this.batches.ensureDefault(req.nftId);
      [row] = await this.insertNamed(() => {
        const id = req.id ?? newPublicId();
        return this.repo.insertChip(
          {
            id,
            type: 'chip',
            nftId: req.nftId,
            uid,
            tokenToMint: newTokenId(),
            keyScheme: material.scheme,
            keysSealed: material.keys ? this.keyring.seal(id, material.keys) : null,
            batchId,
          },
          this.quota.before(owner, [{ kind: 'chips', units: 1 }]),
        );
      }, req.id);
    }
    await this.announceCounts(req.nftId);
    return row;
  }

  /**
   * Chip ids and link uids share one namespace with every id: a chosen chip id that is taken (as an
   * id or as a link's uid) is a 409; a generated id or uid that is taken is drawn again.
   */
  private async insertNamed(
    insert: () => Promise<InsertResult>,
    chosenId: string | undefined,
  ): Promise<ChiplinkRow[]> {
    for (let attempt = 1; ; attempt++) {
      const result = await insert();
      if (result.ok) return result.rows;
      if (result.taken === 'chip') throw new AppError('already_linked', ALREADY_LINKED, 409);
      if (chosenId !== undefined || attempt >= NAME_ATTEMPTS) throw new AppError('id_taken', ID_TAKEN, 409);
    }
  }

  /** The deleted chip a re-added UID brings back: only from the caller's own templates, and only under its own id. */
  private async restorable(uid: string, req: CreateChiplinks): Promise<ChiplinkRow | undefined> {
    const row = await this.repo.findDeletedChip(uid);
    if (!row || (req.id !== undefined && req.id !== row.id)) return undefined;
    try {
      await this.templates.owned(row.nftId, req.actor);
      return row;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return undefined; // someone else's chip
      throw error;
    }
  }

  /** A cancelled or refunded shop order's unclaimed links, withdrawn (#28 item 2): how many were. */
  async withdrawUnclaimed(ids: string[]): Promise<number> {
    const gone = await this.repo.withdrawUnclaimed(ids, this.clock.now());
    for (const nftId of new Set(gone.map((g) => g.nftId))) await this.announceCounts(nftId);
    return gone.length;
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

  private newLinks(req: CreateChiplinks): NewChiplink[] {
    if (
      req.id !== undefined ||
      req.keys !== undefined ||
      req.scheme !== undefined ||
      req.masterKey !== undefined
    )
      throw new AppError('invalid_input', 'Links get their ids and uids from the server', 400);
    return Array.from({ length: req.batch ?? 1 }, () => ({
      id: newPublicId(),
      type: 'link' as const,
      nftId: req.nftId,
      uid: newLinkUid(),
      tokenToMint: newTokenId(),
    }));
  }

  /** The templates service keeps each template's chip and link counts (CountsAnnouncer). */
  private async announceCounts(nftId: number): Promise<void> {
    await this.counts.announce(nftId);
  }
}
