import { Inject, Injectable } from '@nestjs/common';
import {
  diagnoseTap,
  inspectSun,
  parseFormTap,
  parseSunQuery,
  piccOf,
  tamperFromFileData,
  verifySun,
  type ChipKeys,
  type FormMode,
  type SunMessage,
} from '@metatag/chips';
import type { CheckTapUrlReply } from '@metatag/api-types';
import type { Actor } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { BatchRepository, type BatchRow } from '../batches/batch.repository.js';
import { BatchTapService, type CachedBatch } from '../batches/batch-tap.service.js';
import { openedUids } from '../batches/opened-uids.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import { ChipTapRepository } from './chip-tap.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ChipKeyring } from './chip-keyring.js';

export const NOT_A_TAP_URL =
  "This is not a chip tap URL: paste the whole …/tag/{id}?… address the chip opened, or a tap of one of your batches' URLs";
export const NO_SUN_MESSAGE =
  'The URL carries no SUN message: auth=…, e=…, picc_data=…&cmac=… or uid=…&ctr=…&cmac=…';

const PICC_FAULT =
  'the PICC data does not decrypt to a valid tag byte (C7h): wrong meta-read key, or another mode or layout';
const MODE_NAMES: Record<string, string> = { aes: 'AES', lrp: 'LRP', plain: 'plain mirroring' };

/** `/tag/{id}` and the raw query text after `?` (not decoded: the chip MACs the text itself). */
export function splitTapUrl(url: string): { tag: string; query: string } | undefined {
  const noFragment = url.split('#')[0];
  const at = noFragment.indexOf('?');
  const path = at < 0 ? noFragment : noFragment.slice(0, at);
  const tag = /(?:^|\/)tag\/([A-Za-z0-9]{6,32})\/?$/.exec(path)?.[1];
  return tag && at >= 0 ? { tag, query: noFragment.slice(at + 1) } : undefined;
}

/** The part that fails, and in words (issue #26 item 7). */
type Fault = Pick<CheckTapUrlReply, 'fault' | 'problem'>;
const fault = (name: string, problem: string): Fault => ({ fault: name, problem });
const NO_FAULT: Fault = { fault: null, problem: null };

/** Counter, chip state: what check-tag decides after the cryptography holds. */
function stateFault(deleted: boolean, id: string, counter: number | null, lastCounter: number): Fault {
  if (deleted) return fault('inactive', `chip ${id} was removed: it is inactive`);
  if (counter !== null && counter <= lastCounter)
    return fault(
      'counter-behind',
      `the read counter ${counter} is not above the last accepted one (${lastCounter}): an older or replayed tap`,
    );
  return NO_FAULT;
}

/**
 * The admin's chip doctor: reads a tap URL of one of the caller's chips — a per-chip URL
 * `/tag/{id}?…`, or a tap of one of the caller's batch URLs — with the chip's keys, says what it
 * carries and whether check-tag would accept it now, and if not which part fails (the batch's mode
 * pin, the PICC data, the MAC input, the file-read key, the UID, the chip's state, the counter),
 * without consuming or recording anything. Only the owner of the chip's template (or a super admin)
 * may ask; anyone else gets its 404.
 */
@Injectable()
export class TapUrlDoctor {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly taps: ChipTapRepository,
    private readonly keyring: ChipKeyring,
    private readonly batches: BatchRepository,
    private readonly batchTaps: BatchTapService,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
  ) {}

  async check(actor: Actor, url: string): Promise<CheckTapUrlReply> {
    const parts = splitTapUrl(url.trim());
    if (parts) return this.perChip(actor, parts.tag, parts.query);
    const batch = await this.batchUrl(actor, url.trim());
    if (batch) return batch;
    throw new AppError('invalid_input', NOT_A_TAP_URL, 400);
  }

  private async perChip(actor: Actor, tag: string, query: string): Promise<CheckTapUrlReply> {
    const row = await this.repo.findById(tag);
    if (!row || row.type !== 'chip') throw AppError.notFound('Chip or link not found');
    await this.templates.owned(row.nftId, actor);
    const message = parseSunQuery(query);
    if (!message) throw new AppError('invalid_input', NO_SUN_MESSAGE, 400);
    const batch = row.batchId ? await this.batches.find(row.batchId) : undefined;
    let keys: ChipKeys | undefined;
    try {
      keys = this.keyring.keysOf(row);
    } catch {
      keys = undefined; // sealed keys that do not open read nothing
    }
    const read = keys ? inspectSun(message, keys) : undefined;
    const lastCounter = await this.taps.lastCounter(row.uid);
    const macValid = !!read?.macValid && read.picc?.uid === row.uid;
    const counter = read?.picc?.readCounter ?? null;
    const fileData = macValid ? (read?.fileData ?? null) : null;
    let verdict: Fault;
    if (batch && batch.mode !== 'any' && message.mode !== batch.mode)
      verdict = fault(
        'wrong-mode',
        `the tap is ${MODE_NAMES[message.mode]}; batch ${batch.name} pins ${MODE_NAMES[batch.mode]}`,
      );
    else if (!keys)
      verdict = fault('keys', "the chip's sealed keys do not open with this server's master key");
    else if (!read?.picc) verdict = fault('picc', PICC_FAULT);
    else if (read.picc.uid !== row.uid)
      verdict = fault('other-chip', `the tap carries UID ${read.picc.uid}, not this chip's (${row.uid})`);
    else if (!macValid) verdict = macFault(message, keys);
    else verdict = stateFault(row.deleted, row.id, counter, lastCounter);
    return {
      ok: true,
      chip: { id: row.id, nftId: row.nftId, deleted: row.deleted, scheme: row.keyScheme },
      batch: batch ? { id: batch.id, name: batch.name, mode: batch.mode } : null,
      layout: message.layout,
      mode: read?.mode ?? message.mode,
      uid: read?.picc?.uid ?? null,
      counter,
      fileData: fileData?.toString('hex') ?? null,
      tamper: batch?.tagTamper ? tamperFromFileData(fileData) : null,
      macValid,
      counterAccepted: macValid && verdict.fault === null,
      lastCounter,
      ...verdict,
    };
  }

  /** A tap of one of the caller's batch URLs: undefined when none of their batches reads it. */
  private async batchUrl(actor: Actor, url: string): Promise<CheckTapUrlReply | undefined> {
    const path = url.split('#')[0].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i, '');
    if (!path.startsWith('/')) return undefined;
    // the caller's batches whose form reads the URL; the one whose meta key decrypts it is the tap's
    // (several may share a URL template: a super admin sees every owner's)
    let first: { batch: CachedBatch; url: string; mode: FormMode } | undefined;
    for (const batch of await this.batchTaps.batches()) {
      const tapUrl = batch.origin + path;
      const anyMode = (['aes', 'lrp', 'plain'] as const).find((m) => parseFormTap(batch.form, tapUrl, m));
      if (!anyMode) continue;
      try {
        await this.templates.owned(batch.batch.nftId, actor);
      } catch {
        continue; // another owner's batch reads this URL too: not the caller's to diagnose
      }
      const message = parseFormTap(batch.form, tapUrl, anyMode)!.message;
      if (batch.metas.some((m) => piccOf(message, m))) return this.diagnoseBatchTap(batch, tapUrl, anyMode);
      first ??= { batch, url: tapUrl, mode: anyMode };
    }
    return first && this.diagnoseBatchTap(first.batch, first.url, first.mode);
  }

  private async diagnoseBatchTap(
    cached: CachedBatch,
    url: string,
    parsedMode: FormMode,
  ): Promise<CheckTapUrlReply> {
    const row: BatchRow = cached.batch;
    const mode = cached.modes.find((m) => parseFormTap(cached.form, url, m));
    const tap = parseFormTap(cached.form, url, mode ?? parsedMode)!;
    const base: CheckTapUrlReply = {
      ok: true,
      chip: null,
      batch: { id: row.id, name: row.name, mode: row.mode },
      layout: 'batch',
      mode: tap.message.mode,
      uid: null,
      counter: null,
      fileData: null,
      tamper: row.tagTamper ? tap.tamper : null,
      macValid: false,
      counterAccepted: false,
      lastCounter: -1,
      ...NO_FAULT,
    };
    if (!mode)
      return {
        ...base,
        ...fault(
          'wrong-mode',
          `the tap is ${MODE_NAMES[parsedMode]}; batch ${row.name} pins ${MODE_NAMES[row.mode]}`,
        ),
      };
    // the UID inside the PICC data names the chip (newest key version first). A wrong version's meta
    // key "opens" the data one time in 256 (the tag byte): the version whose UID is a chip of the batch
    // wins, as in the tap's own lookup (BatchTapService)
    let meta: Buffer | undefined;
    let uid: string | undefined;
    let chip: Awaited<ReturnType<typeof this.batches.anyChipByUid>>;
    for (const opened of openedUids(tap.message, cached.metas)) {
      const found = await this.batches.anyChipByUid(row.id, opened.uid);
      if (uid === undefined || found) [uid, meta, chip] = [opened.uid, opened.metaReadKey, found];
      if (found) break;
    }
    if (!uid || !meta) return { ...base, ...fault('picc', PICC_FAULT) };
    const lastCounter = await this.taps.lastCounter(uid);
    const withUid = { ...base, uid, lastCounter };
    if (!chip)
      return { ...withUid, ...fault('unknown-uid', `UID ${uid} is not a chip of batch ${row.name}`) };
    const chipRef = { id: chip.id, nftId: chip.nftId, deleted: chip.deleted, scheme: chip.keyScheme };
    const candidates: ChipKeys[] = [];
    for (const open of [
      () => this.keyring.keysOf(chip),
      () => this.keyring.open(chip.id, chip.keysNextSealed!),
    ]) {
      try {
        candidates.push(open());
      } catch {
        // sealed keys that do not open (or no next version) read nothing
      }
      if (!chip.keysNextSealed) break;
    }
    if (!candidates.length)
      return { ...withUid, chip: chipRef, ...fault('keys', "the chip's sealed keys do not open") };
    let diagnosis = diagnoseTap(cached.form, url, mode, meta, () => candidates[0]);
    if (!diagnosis.ok && candidates[1]) {
      const next = diagnoseTap(cached.form, url, mode, meta, () => candidates[1]);
      if (next.ok) diagnosis = next;
    }
    if (!diagnosis.ok)
      return {
        ...withUid,
        chip: chipRef,
        counter: 'picc' in diagnosis ? diagnosis.picc.readCounter : null,
        ...fault(diagnosis.fault, diagnosis.error),
      };
    const counter = diagnosis.picc.readCounter;
    const verdict = stateFault(chip.deleted, chip.id, counter, lastCounter);
    return {
      ...withUid,
      chip: chipRef,
      counter,
      fileData: diagnosis.fileData?.toString('hex') ?? null,
      tamper: row.tagTamper ? (tap.tamper ?? tamperFromFileData(diagnosis.fileData)) : null,
      macValid: true,
      counterAccepted: verdict.fault === null,
      ...verdict,
    };
  }
}

/** A per-chip URL whose PICC data decrypts but whose MAC fails: over nothing, or the file-read key. */
function macFault(message: SunMessage, keys: ChipKeys): Fault {
  const overNothing: SunMessage = { ...message, encFileData: undefined, macInput: Buffer.alloc(0) };
  if (message.encFileData && verifySun(overNothing, keys).ok)
    return fault(
      'mac-offset',
      'the MAC holds over nothing (without the file data): the chip’s SDMMACInputOffset is its MAC offset, not its file data',
    );
  return fault('mac', 'the MAC does not hold: wrong file-read key (the PICC data decrypts)');
}
