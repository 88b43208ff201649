import { Injectable } from '@nestjs/common';
import {
  gs1PathProblem,
  parseFormTap,
  type BatchUrlForm,
  type ChipKeys,
  type FormMode,
} from '@metatag/chips';
import type { CheckBatchTapReply } from '@metatag/api-types';
import { AppError, scansTotal } from '@metatag/nest-kit';
import { CheckTagService, NOT_AUTHENTIC_REPLY } from '../chips/check-tag.service.js';
import { ChipKeyring } from '../chips/chip-keyring.js';
import { ChipTapRepository } from '../chips/chip-tap.repository.js';
import { BatchRepository, type BatchRow } from './batch.repository.js';
import { batchKeyName } from './batch-key-name.js';
import { openedUids } from './opened-uids.js';

export interface CachedBatch {
  batch: BatchRow;
  form: BatchUrlForm;
  /** The template's origin (`https://brand.example`): the tap's URL text is this and the request's path. */
  origin: string;
  modes: FormMode[];
  /** The batch's meta-read keys, newest version first (one object each: its decryption context is cached with it). */
  metas: Pick<ChipKeys, 'metaReadKey'>[];
  /**
   * The template's text after its origin, up to its first placeholder (`/b7/tag?picc_data=`): every
   * tap of this batch's URL starts with it, so a tap is parsed only with the batches it could be.
   */
  lead: string;
}

/** The batches with one URL as the tap path reads them. */
interface LoadedBatches {
  at: number;
  all: CachedBatch[];
  /**
   * Batches whose lead reaches the query (`/b7/tag?picc_data=`) by the path before the `?`: a tap
   * of a fleet of 100 batches on 100 paths is matched against one bucket, not every lead.
   */
  byQueryPath: Map<string, CachedBatch[]>;
  /** Batches whose lead ends inside the path (path forms `/{PICC}/{MAC}`): every tap is tried with them. */
  others: CachedBatch[];
}

function indexByQueryPath(all: CachedBatch[]): LoadedBatches {
  const byQueryPath = new Map<string, CachedBatch[]>();
  const others: CachedBatch[] = [];
  for (const batch of all) {
    const q = batch.lead.indexOf('?');
    if (q < 0) {
      others.push(batch);
      continue;
    }
    const key = batch.lead.slice(0, q);
    const bucket = byQueryPath.get(key);
    if (bucket) bucket.push(batch);
    else byQueryPath.set(key, [batch]);
  }
  return { at: Date.now(), all, byQueryPath, others };
}

/** A tap of some batch's URL that is not authentic (a wrong MAC, a replay, an unknown UID). */
const NOT_AUTHENTIC: CheckBatchTapReply = Object.freeze({
  ...NOT_AUTHENTIC_REPLY,
  chipId: null,
  batchUrl: true,
});
/** A path no batch's template reads: the web shows its 404 for it, not "not authentic". */
const NO_BATCH: CheckBatchTapReply = Object.freeze({ ...NOT_AUTHENTIC, batchUrl: false });
/** How long the batches' forms and keys are kept before they are read again. */
const CACHE_MS = 5_000;
/** A URL that no batch reads reloads them at most this often (a new batch's first taps). */
const MISS_RELOAD_MS = 1_000;
const UID_CACHE_LIMIT = 200_000;

/**
 * One URL for a batch (issue #26 item 2): the tap's path and query are read with each batch's URL
 * form (its template's origin, never the request's host), its PICC data decrypted with the batch's
 * common meta-read key (undiversified, as NXP AN12196 suggests for this case and sdm-backend does),
 * the chip found by the UID inside, and the tap then verified and accepted exactly as a per-chip
 * URL's (CheckTagService: the UID-diversified file-read key's MAC, the counter rule).
 */
@Injectable()
export class BatchTapService {
  private cache: LoadedBatches | undefined;
  private loading: Promise<LoadedBatches> | undefined;
  private lastMissReload = 0;
  /** batch id + UID → chip id: a chip's later taps cost no lookup. */
  private readonly chipIds = new Map<string, string>();

  constructor(
    private readonly repo: BatchRepository,
    private readonly keyring: ChipKeyring,
    private readonly checkTag: CheckTagService,
    private readonly taps: ChipTapRepository,
  ) {}

  async check(path: string, ip: string): Promise<CheckBatchTapReply> {
    if (!path.startsWith('/') || path.length > 2048) return this.refused(false);
    // a GS1 Digital Link path that is not one (a GTIN's check digit, a qualifier) is the caller's error, said so
    const gs1 = gs1PathProblem(path);
    if (gs1) throw new AppError('invalid_input', gs1, 400);
    let loaded = await this.loaded();
    let found = await this.find(loaded, path);
    if (!found && Date.now() - this.lastMissReload > MISS_RELOAD_MS) {
      this.lastMissReload = Date.now();
      this.cache = undefined;
      loaded = await this.loaded();
      found = await this.find(loaded, path);
    }
    if (!found) return this.refused(!this.leads(loaded, path).next().done);
    const { chipId, message, tamper, serial } = found;
    const reply = await this.checkTag.check(chipId, { message, tamper, serial }, ip);
    return reply.ok ? { ...reply, chipId, batchUrl: true } : NOT_AUTHENTIC;
  }

  /**
   * The chip this URL is a tap of: the first batch whose form reads it, whose meta key decrypts it to
   * a UID, and which holds a chip of that UID. Several batches may share a form on one origin (two
   * brands' plain mirroring on `/tag?uid=…`, whose UID opens without a key; or a wrong meta key whose
   * decryption happens to pass the tag-byte check): the next batch is tried, not the tap refused.
   */
  private async find(loaded: LoadedBatches, path: string) {
    for (const candidate of this.candidates(loaded, path)) {
      const chipId = await this.chipId(candidate.batch.batch.id, candidate.uid);
      if (chipId) return { ...candidate, chipId };
    }
    return undefined;
  }

  /**
   * Each batch whose form reads this URL and each of its meta keys (one per key version) that decrypts
   * it to a UID. A live UID belongs to one chip (a unique index), so the order only decides how soon it
   * is found, not which. A wrong meta key passes the tag-byte check one time in 256: the batch's other
   * versions are still tried after it (a rotated batch refused that many genuine taps before).
   */
  private *candidates(loaded: LoadedBatches, path: string) {
    for (const batch of this.leads(loaded, path)) {
      const url = batch.origin + path;
      for (const mode of batch.modes) {
        const tap = parseFormTap(batch.form, url, mode);
        if (!tap) continue;
        for (const { uid } of openedUids(tap.message, batch.metas))
          yield {
            batch,
            uid,
            message: tap.message,
            tamper: batch.batch.tagTamper ? tap.tamper : null,
            serial: tap.gs1?.serial ?? null,
          };
      }
    }
  }

  /**
   * The batches whose template's text up to its first placeholder (`/ln?p=`, `/b7/`) starts this
   * path: the URL is one of theirs, authentic or not. None: the path is no batch's (the web's 404).
   */
  private *leads(loaded: LoadedBatches, path: string) {
    const q = path.indexOf('?');
    const sameQueryPath = q < 0 ? undefined : loaded.byQueryPath.get(path.slice(0, q));
    for (const batch of sameQueryPath ?? []) if (path.startsWith(batch.lead)) yield batch;
    for (const batch of loaded.others) if (path.startsWith(batch.lead)) yield batch;
  }

  /** Forget the cached batches (a batch was created, changed or rotated in this process). */
  invalidate(): void {
    this.cache = undefined;
    // the chips' cached batch policy (mode pin, jump threshold, TagTamper) is read again too
    this.checkTag.forgetChips();
  }

  private async chipId(batchId: string, uid: string): Promise<string | undefined> {
    const key = `${batchId}:${uid}`;
    const cached = this.chipIds.get(key);
    if (cached) return cached;
    const row = await this.taps.findChipAuthByUid(batchId, uid);
    // the chip's keys go straight into the scan path's cache: the tap reads nothing more
    if (!row || !this.checkTag.remember(row)) return undefined;
    if (this.chipIds.size >= UID_CACHE_LIMIT) this.chipIds.delete(this.chipIds.keys().next().value as string);
    this.chipIds.set(key, row.id);
    return row.id;
  }

  private refused(batchUrl: boolean): CheckBatchTapReply {
    scansTotal.inc({ result: 'unknown_chip' });
    return batchUrl ? NOT_AUTHENTIC : NO_BATCH;
  }

  /** The batches that have one URL, their forms and opened meta keys (cached a few seconds). */
  async batches(): Promise<CachedBatch[]> {
    return (await this.loaded()).all;
  }

  private async loaded(): Promise<LoadedBatches> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache;
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(): Promise<LoadedBatches> {
    const rows = await this.repo.withUrlForms();
    const batches: CachedBatch[] = [];
    for (const { batch, keys } of rows) {
      const template = batch.urlTemplate!;
      const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(template)?.[0];
      if (!origin) continue;
      const metas: Pick<ChipKeys, 'metaReadKey'>[] = [];
      for (const k of keys) {
        try {
          metas.push({
            metaReadKey: this.keyring.openBytes(`${batchKeyName(batch.id, k.version)}:meta`, k.metaSealed),
          });
        } catch {
          // a sealed key that does not open authenticates nothing
        }
      }
      batches.push({
        batch,
        form: {
          template,
          macInputFrom: batch.macInputFrom,
          ...(batch.encLength ? { encLength: batch.encLength } : {}),
        },
        origin,
        modes: batch.mode === 'any' ? ['aes', 'lrp', 'plain'] : [batch.mode],
        metas,
        lead: template.slice(origin.length, template.includes('{') ? template.indexOf('{') : undefined),
      });
    }
    this.cache = indexByQueryPath(batches);
    return this.cache;
  }
}
