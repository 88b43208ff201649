import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  batchChipKeys,
  batchMetaKey,
  bureauPackage,
  diversifyKey,
  PassphraseError,
  sealBureauPackage,
  formProblem,
  KEY_NUMBERS,
  wellKnownKey,
  type BatchUrlForm,
  type ChipKeys,
} from '@metatag/chips';
import { type Actor, type ChipBatch, type RequestParsed, type CHIP_BATCHES } from '@metatag/events';
import { AppError, LOGGER } from '@metatag/nest-kit';
import type { Logger } from 'pino';
import { ChipKeyring } from '../chips/chip-keyring.js';
import { CHIP_KEY_POLICY, TEMPLATE_LOOKUP, type ChipKeyPolicy } from '../chiplinks.tokens.js';
import type { NewChiplink } from '../links/chiplink.repository.js';
import { CountsAnnouncer } from '../links/counts-announcer.js';
import { newPublicId, newTokenId } from '../links/public-id.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { QuotaGuard } from '../quota/quota.guard.js';
import { BatchRepository, DEFAULT_COUNTER_JUMP, type BatchRow } from './batch.repository.js';
import { BatchTapService } from './batch-tap.service.js';
import { batchKeyName } from './batch-key-name.js';

export const BATCH_NOT_FOUND = 'Chip batch not found';
const UID = /^[0-9A-F]{14}$/;
const HEX16 = /^[0-9A-Fa-f]{32}$/;

type Create = RequestParsed<typeof CHIP_BATCHES.create>;
type Update = RequestParsed<typeof CHIP_BATCHES.update>;
type ImportRows = RequestParsed<typeof CHIP_BATCHES.importChips>;
type Rotate = RequestParsed<typeof CHIP_BATCHES.rotate>;

const invalid = (message: string) => new AppError('invalid_input', message, 400);

export function toChipBatch(row: BatchRow, chips: number): ChipBatch {
  return {
    id: row.id,
    nftId: row.nftId,
    name: row.name,
    scheme: row.scheme,
    mode: row.mode,
    urlForm: row.urlTemplate
      ? {
          template: row.urlTemplate,
          macInputFrom: row.macInputFrom,
          ...(row.encLength ? { encLength: row.encLength } : {}),
        }
      : null,
    tagTamper: row.tagTamper,
    keyVersion: row.keyVersion,
    counterJump: row.counterJump,
    chips,
    created: row.created.toISOString(),
  };
}

/**
 * Chip batches (issue #26 item 1): the unit a brand personalises. Only the owner of the batch's
 * template (or a super admin) reaches a batch: the templates service's 404 for anyone else. Key
 * material is sealed before it is stored and never leaves the service: a batch of its own `an10922`
 * master gets a random one, an sdm-backend fleet brings its master, imported batches their keys.
 */
@Injectable()
export class BatchesService {
  constructor(
    private readonly batches: BatchRepository,
    private readonly keyring: ChipKeyring,
    private readonly taps: BatchTapService,
    private readonly quota: QuotaGuard,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CHIP_KEY_POLICY) private readonly keyPolicy: ChipKeyPolicy,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly counts: CountsAnnouncer,
  ) {}

  async create(req: Create): Promise<ChipBatch> {
    const template = await this.templates.owned(req.nftId, req.actor);
    this.checkForm(req.urlForm, req.mode);
    const id = `b${newPublicId(13)}`;
    let master: Buffer | null = null;
    let meta: Buffer;
    if (req.scheme === 'imported') {
      if (req.masterKey) throw invalid('Imported batches take per-chip keys in the upload, not a master key');
      if (!req.metaReadKey && req.urlForm)
        throw invalid(
          'One URL for the batch needs its common metaReadKey (the chip is found from the PICC data)',
        );
      meta = req.metaReadKey ? Buffer.from(req.metaReadKey, 'hex') : randomBytes(16);
    } else {
      if (req.metaReadKey)
        throw invalid(`The ${req.scheme} scheme derives the meta-read key from the master key`);
      if (req.scheme === 'sdm-backend' && !req.masterKey)
        throw invalid("The sdm-backend scheme needs the fleet's masterKey");
      master = req.masterKey ? Buffer.from(req.masterKey, 'hex') : randomBytes(16);
      meta = batchMetaKey(master, req.scheme);
    }
    this.refuseWellKnown(['masterKey', master], ['metaReadKey', meta]);
    const row = await this.batches.insert(
      {
        id,
        nftId: req.nftId,
        name: req.name,
        scheme: req.scheme,
        mode: req.mode,
        urlTemplate: req.urlForm?.template ?? null,
        macInputFrom: req.urlForm?.macInputFrom ?? 'MAC',
        encLength: req.urlForm?.encLength ?? null,
        tagTamper: req.tagTamper,
        // a forward jump above 1,000 taps is flagged unless the batch says otherwise (null: never)
        counterJump: req.counterJump === undefined ? DEFAULT_COUNTER_JUMP : req.counterJump,
      },
      this.sealedKey(id, 1, master, meta),
      this.quota.before({ ownerId: template.owner, actor: req.actor }, [{ kind: 'batches', units: 1 }]),
    );
    this.taps.invalidate();
    return toChipBatch(row, 0);
  }

  async list(actor: Actor, nftId: number): Promise<{ items: ChipBatch[] }> {
    await this.templates.owned(nftId, actor);
    const rows = await this.batches.listFor(nftId);
    return {
      items: await Promise.all(rows.map(async (r) => toChipBatch(r, await this.batches.chipCount(r.id)))),
    };
  }

  async get(actor: Actor, id: string): Promise<ChipBatch> {
    const row = await this.owned(actor, id);
    return toChipBatch(row, await this.batches.chipCount(id));
  }

  async update(req: Update): Promise<ChipBatch> {
    let row = await this.owned(req.actor, req.id);
    if (req.urlForm !== undefined) {
      if (row.scheme === 'default' && req.urlForm) throw invalid('The default batch keeps per-chip URLs');
      this.checkForm(req.urlForm, row.mode);
    }
    if (req.nftId !== undefined && req.nftId !== row.nftId) {
      await this.templates.owned(req.nftId, req.actor);
      if (row.scheme === 'default')
        throw invalid('The default batch stays with its template: move chips one by one');
      await this.batches.moveToTemplate(row.id, req.nftId);
      await this.counts.announce(row.nftId, req.nftId);
    }
    row =
      (await this.batches.update(row.id, {
        ...(req.name !== undefined ? { name: req.name } : {}),
        ...(req.urlForm !== undefined
          ? {
              urlTemplate: req.urlForm?.template ?? null,
              macInputFrom: req.urlForm?.macInputFrom ?? 'MAC',
              encLength: req.urlForm?.encLength ?? null,
            }
          : {}),
        ...(req.tagTamper !== undefined ? { tagTamper: req.tagTamper } : {}),
        ...(req.counterJump !== undefined ? { counterJump: req.counterJump } : {}),
      })) ?? row;
    this.taps.invalidate();
    return toChipBatch(row, await this.batches.chipCount(row.id));
  }

  /**
   * Adds chips by UID (with their keys for imported batches). Every bad row is reported with its
   * number and the reason; the good rows are added together. Keys are derived (or taken) and sealed
   * per chip, bound to its id.
   */
  async importChips(
    req: ImportRows,
  ): Promise<{ ok: true; added: number; errors: { row: number; uid: string; error: string }[] }> {
    const { row: batch, ownerId } = await this.ownedWithOwner(req.actor, req.id);
    const version = batch.keyVersion;
    const master =
      batch.scheme === 'an10922' || batch.scheme === 'sdm-backend' ? await this.master(batch, version) : null;
    const meta = batch.scheme === 'imported' ? await this.meta(batch, version) : null;
    const commonMeta = master && batch.scheme === 'an10922' ? batchMetaKey(master, 'an10922') : null;
    const errors: { row: number; uid: string; error: string }[] = [];
    const seen = new Set<string>();
    const good: { row: number; uid: string; keys: ChipKeys | null }[] = [];
    req.rows.forEach((r, i) => {
      const row = req.firstRow + i;
      const uid = r.uid.replace(/[\s:-]/g, '').toUpperCase();
      const fail = (error: string) => errors.push({ row, uid: r.uid, error });
      if (!UID.test(uid)) return fail('The UID must be 7 bytes in hex (14 digits)');
      if (seen.has(uid)) return fail('This UID is in the file twice');
      seen.add(uid);
      let keys: ChipKeys | null = null;
      if (batch.scheme === 'imported') {
        if (!r.fileReadKey || !HEX16.test(r.fileReadKey))
          return fail('fileReadKey must be 16 bytes in hex (32 digits)');
        if (r.metaReadKey && !HEX16.test(r.metaReadKey))
          return fail('metaReadKey must be 16 bytes in hex (32 digits)');
        const metaKey = r.metaReadKey ? Buffer.from(r.metaReadKey, 'hex') : meta!;
        if (batch.urlTemplate && !metaKey.equals(meta!))
          return fail("metaReadKey differs from the batch's: one URL for the batch needs one meta-read key");
        keys = { metaReadKey: metaKey, fileReadKey: Buffer.from(r.fileReadKey, 'hex') };
        const known =
          !this.keyPolicy.allowFactoryKeys &&
          (wellKnownKey(keys.fileReadKey) ?? wellKnownKey(keys.metaReadKey));
        if (known) return fail(`The key is ${known}: anyone can forge this chip's taps with it`);
      } else if (r.metaReadKey || r.fileReadKey) {
        return fail(`Keys are derived from the ${batch.scheme} batch's master: none are taken`);
      } else if (master) {
        // the batch's common meta key is derived once, the file key per chip
        keys =
          batch.scheme === 'an10922'
            ? { metaReadKey: commonMeta!, fileReadKey: diversifyKey(master, uid, KEY_NUMBERS.fileRead) }
            : batchChipKeys(master, uid, 'sdm-backend');
      }
      good.push({ row, uid, keys });
    });
    const taken = await this.batches.liveUids(good.map((g) => g.uid));
    const values: NewChiplink[] = [];
    for (const g of good) {
      if (taken.has(g.uid)) {
        errors.push({ row: g.row, uid: g.uid, error: 'This chip is already linked' });
        continue;
      }
      const id = newPublicId();
      values.push({
        id,
        type: 'chip',
        nftId: batch.nftId,
        uid: g.uid,
        tokenToMint: newTokenId(),
        // batch chips keep their own keys, sealed; the default batch derives from CHIP_MASTER_KEY as before
        keyScheme: g.keys
          ? batch.scheme === 'imported'
            ? 'imported'
            : batch.scheme === 'an10922'
              ? 'an10922'
              : 'sdm-backend'
          : 'an10922',
        keysSealed: g.keys ? this.keyring.seal(id, g.keys) : null,
        batchId: batch.id,
        keyVersion: version,
      });
    }
    if (values.length > 0) {
      // the upload's good rows count whole: over the quota, none of them is added
      await this.batches.insertChips(
        values,
        this.quota.before({ ownerId, actor: req.actor }, [{ kind: 'chips', units: values.length }]),
      );
      await this.announceCounts(batch.nftId);
    }
    errors.sort((a, b) => a.row - b.row);
    return { ok: true, added: values.length, errors };
  }

  async chipsPage(actor: Actor, id: string, after: number, limit: number) {
    await this.owned(actor, id);
    const rows = await this.batches.chipsPage(id, after, limit);
    return {
      items: rows.map((r) => ({
        id: r.id,
        uid: r.uid,
        keyVersion: r.keyVersion,
        pendingVersion: r.pendingVersion,
        scans: r.scans,
        lastCounter: r.lastCounter,
        tamper: r.tamper,
        counterJumps: r.counterJumps,
        deleted: r.deleted,
        created: r.created.toISOString(),
      })),
      next: rows.length === limit ? rows[rows.length - 1].seq : null,
    };
  }

  /**
   * Key rotation: a new version of the batch's key material. Each live chip gets the new version's
   * keys as its next keys; its counter stays. Re-personalised, its first tap with them moves it to
   * the new version, and from then on taps under the old keys are refused (CheckTagService).
   * `an10922`: a new master of the batch's own (given or random); `sdm-backend`: the fleet's new
   * master (given: it is the fleet's, not ours to make); `imported`: the new per-chip keys (a CSV's
   * rows; chips not named keep their keys and version) and, with one URL, the new common meta key.
   */
  async rotate(req: Rotate): Promise<ChipBatch> {
    const batch = await this.owned(req.actor, req.id);
    const { id } = batch;
    if (batch.scheme === 'default')
      throw invalid("The default batch's chips use CHIP_MASTER_KEY: make a batch of your own to rotate keys");
    const version = batch.keyVersion + 1;
    const chips = await this.batches.liveChips(id);
    if (batch.scheme === 'imported') return this.rotateImported(batch, version, chips, req);
    if (req.chips || req.metaReadKey)
      throw invalid(`A ${batch.scheme} batch's keys come from its master: send masterKey only`);
    if (batch.scheme === 'sdm-backend' && !req.masterKey)
      throw invalid("An sdm-backend batch rotates to the fleet's new masterKey");
    const scheme = batch.scheme as 'an10922' | 'sdm-backend';
    const master = req.masterKey ? Buffer.from(req.masterKey, 'hex') : randomBytes(16);
    this.refuseWellKnown(['masterKey', master]);
    for (const old of await this.batches.keys(id))
      if (
        old.masterSealed &&
        this.keyring.openBytes(`${batchKeyName(id, old.version)}:master`, old.masterSealed).equals(master)
      )
        throw invalid('A new key version needs a new master key');
    const next = chips.map((c) => ({
      id: c.id,
      sealed: this.keyring.seal(c.id, batchChipKeys(master, c.uid, scheme)),
    }));
    const row = await this.batches.rotate(
      id,
      version,
      this.sealedKey(id, version, master, batchMetaKey(master, scheme)),
      next,
    );
    master.fill(0);
    this.logger.info({ batch: id, version, chips: chips.length }, 'chip batch keys rotated');
    this.taps.invalidate();
    return toChipBatch(row, chips.length);
  }

  /** An imported batch's rotation: every named row checked first (all or nothing, the bad rows named). */
  private async rotateImported(
    batch: BatchRow,
    version: number,
    chips: { id: string; uid: string }[],
    req: Rotate,
  ): Promise<ChipBatch> {
    if (req.masterKey)
      throw invalid('Imported batches rotate to new per-chip keys (chips), not a master key');
    if (!req.chips)
      throw invalid('An imported batch rotates to new per-chip keys: send chips [{uid, fileReadKey}]');
    if (batch.urlTemplate && !req.metaReadKey)
      throw invalid('One URL for the batch needs the new common metaReadKey');
    const meta = req.metaReadKey ? Buffer.from(req.metaReadKey, 'hex') : randomBytes(16);
    this.refuseWellKnown(['metaReadKey', meta]);
    const live = new Map(chips.map((c) => [c.uid, c.id]));
    const problems: string[] = [];
    const next: { id: string; sealed: string }[] = [];
    const seen = new Set<string>();
    req.chips.forEach((r, i) => {
      const uid = r.uid.replace(/[\s:-]/g, '').toUpperCase();
      const fail = (error: string) => problems.push(`row ${i + 1} (${r.uid || 'no UID'}): ${error}`);
      const chipId = live.get(uid);
      if (!chipId) return fail('no live chip of this batch has this UID');
      if (seen.has(uid)) return fail('this UID is in the file twice');
      seen.add(uid);
      if (!r.fileReadKey || !HEX16.test(r.fileReadKey)) return fail('fileReadKey must be 16 bytes in hex');
      if (r.metaReadKey && !HEX16.test(r.metaReadKey)) return fail('metaReadKey must be 16 bytes in hex');
      const metaKey = r.metaReadKey ? Buffer.from(r.metaReadKey, 'hex') : meta;
      if (batch.urlTemplate && !metaKey.equals(meta))
        return fail("metaReadKey differs from the batch's: one URL for the batch needs one meta-read key");
      const keys = { metaReadKey: metaKey, fileReadKey: Buffer.from(r.fileReadKey, 'hex') };
      const known =
        !this.keyPolicy.allowFactoryKeys &&
        (wellKnownKey(keys.fileReadKey) ?? wellKnownKey(keys.metaReadKey));
      if (known) return fail(`the key is ${known}: anyone can forge this chip's taps with it`);
      next.push({ id: chipId, sealed: this.keyring.seal(chipId, keys) });
    });
    if (problems.length > 0)
      throw invalid(
        `No key rotated: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
      );
    const row = await this.batches.rotate(
      batch.id,
      version,
      this.sealedKey(batch.id, version, null, meta),
      next,
    );
    this.logger.info({ batch: batch.id, version, chips: next.length }, 'chip batch keys rotated');
    this.taps.invalidate();
    return toChipBatch(row, chips.length);
  }

  /**
   * The batch's personalisation package (issue #27 item 5) sealed under the owner's passphrase: the URL
   * template, its SDM settings, the current key version's master (or common meta-read key) and the
   * inputs another tool derives the chips' keys from. Only the owner gets it (404 otherwise); the
   * passphrase is used for the scrypt key and dropped, never logged.
   */
  async bureauPackage(actor: Actor, id: string, passphrase: string) {
    const batch = await this.owned(actor, id);
    if (batch.scheme === 'default')
      throw invalid(
        "The default batch's chips use CHIP_MASTER_KEY: make a batch of your own to export its keys",
      );
    const version = batch.keyVersion;
    const master = batch.scheme === 'imported' ? null : await this.master(batch, version);
    const metaReadKey =
      master && batch.scheme !== 'imported'
        ? batchMetaKey(master, batch.scheme)
        : await this.meta(batch, version);
    const chip = toChipBatch(batch, 0);
    try {
      const file = await sealBureauPackage(
        bureauPackage(
          {
            id: batch.id,
            name: batch.name,
            nftId: batch.nftId,
            scheme: batch.scheme,
            mode: batch.mode as 'aes' | 'lrp' | 'plain',
            tagTamper: batch.tagTamper,
            keyVersion: version,
            urlForm: chip.urlForm,
          },
          { master, metaReadKey },
        ),
        passphrase,
      );
      this.logger.info({ batch: id, version }, 'chip batch personalisation package exported');
      return file;
    } catch (error) {
      if (error instanceof PassphraseError) throw invalid(error.message);
      throw error;
    } finally {
      master?.fill(0);
    }
  }

  /** The batch when the actor owns its template; its 404 otherwise. */
  private async owned(actor: Actor, id: string): Promise<BatchRow> {
    return (await this.ownedWithOwner(actor, id)).row;
  }

  /** The batch and its template's owner (whose quotas its chips count against), when the actor owns it. */
  private async ownedWithOwner(actor: Actor, id: string): Promise<{ row: BatchRow; ownerId: number }> {
    const row = await this.batches.find(id);
    if (!row) throw AppError.notFound(BATCH_NOT_FOUND);
    try {
      const template = await this.templates.owned(row.nftId, actor);
      return { row, ownerId: template.owner };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw AppError.notFound(BATCH_NOT_FOUND);
      throw error;
    }
  }

  private checkForm(form: BatchUrlForm | null | undefined, mode: string): void {
    if (!form) return;
    const problem = formProblem(form);
    if (problem) throw invalid(problem);
    const plainForm = !form.template.includes('{PICC}');
    if (plainForm !== (mode === 'plain'))
      throw invalid(
        mode === 'plain'
          ? 'Plain mirroring uses {UID} and {CTR}'
          : `An ${mode.toUpperCase()} batch's URL carries {PICC}`,
      );
  }

  private sealedKey(batchId: string, version: number, master: Buffer | null, meta: Buffer) {
    const name = batchKeyName(batchId, version);
    return {
      batchId,
      version,
      masterSealed: master ? this.keyring.sealBytes(`${name}:master`, master) : null,
      metaSealed: this.keyring.sealBytes(`${name}:meta`, meta),
    };
  }

  private async master(batch: BatchRow, version: number): Promise<Buffer> {
    const key = (await this.batches.keys(batch.id)).find((k) => k.version === version);
    if (!key?.masterSealed) throw new Error(`batch ${batch.id} has no master of version ${version}`);
    return this.keyring.openBytes(`${batchKeyName(batch.id, version)}:master`, key.masterSealed);
  }

  private async meta(batch: BatchRow, version: number): Promise<Buffer> {
    const key = (await this.batches.keys(batch.id)).find((k) => k.version === version);
    if (!key) throw new Error(`batch ${batch.id} has no key of version ${version}`);
    return this.keyring.openBytes(`${batchKeyName(batch.id, version)}:meta`, key.metaSealed);
  }

  private refuseWellKnown(...keys: [string, Buffer | null][]): void {
    if (this.keyPolicy.allowFactoryKeys) return;
    for (const [name, key] of keys) {
      const known = key && wellKnownKey(key);
      if (known)
        throw invalid(
          `${name} is ${known}: anyone can forge this batch's taps with it (ALLOW_FACTORY_CHIP_KEYS accepts such keys in development only)`,
        );
    }
  }

  private async announceCounts(nftId: number): Promise<void> {
    await this.counts.announce(nftId);
  }
}
