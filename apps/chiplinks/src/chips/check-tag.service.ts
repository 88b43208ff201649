import { Inject, Injectable } from '@nestjs/common';
import type { CheckTagReply } from '@metatag/api-types';
import {
  parseSunQuery,
  tamperFromFileData,
  tamperVerdict,
  verifySun,
  type ChipKeys,
  type SunMessage,
} from '@metatag/chips';
import { chiplinkIdSchema } from '@metatag/events';
import { CLOCK, scanFlagsTotal, scansTotal, type Clock } from '@metatag/nest-kit';
import { GEO_LOOKUP, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChipTapRepository, type ChipAuthRow, type ChipBatchPolicy } from './chip-tap.repository.js';
import type { GeoLookup } from '../scans/geo.lookup.js';
import { ScanRecorder } from '../scans/scan.recorder.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { PendingRelay } from '../nfc-nft/pending-relay.js';
import { ChipKeyring } from './chip-keyring.js';
import { CONTINUATION_TTL_S, ContinuationCredentials } from './continuation.js';
import { ScanTokens } from './scan-token.js';

/** Every failure answers exactly this: nobody learns which check failed (spec: 'Not Authentic'). */
export const NOT_AUTHENTIC_REPLY: CheckTagReply = Object.freeze({
  ok: false,
  fileData: null,
  url: null,
  jwt: null,
  scanToken: null,
  continuation: null,
  chain: null,
  nftId: null,
  pendingTransactionData: null,
  pendingTransactionValue: null,
  transactionDataToRelayer: null,
  relayer: null,
  redirectUrl: null,
  tamper: null,
});

/** A tap a batch URL form already took apart: its SUN message and the TagTamper letters its URL mirrored. */
export interface FormTapInput {
  message: SunMessage;
  tamper: string | null;
  /** The GS1 serial in the batch URL's path (`/01/{GTIN}/21/{SERIAL}`), recorded with the scan. */
  serial?: string | null;
}
/** What a tap presents: a per-chip URL's query string, its parsed message, or a batch URL form's reading. */
export type TapInput = string | SunMessage | FormTapInput;

interface CachedChip {
  uid: string;
  nftId: number;
  keys: ChipKeys;
  keyRev: number;
  /** A rotated batch's newer keys, until the chip's first tap with them (issue #26). */
  nextKeys?: ChipKeys;
  /** Set on the cached copy: it may predate a rotation. */
  cached?: boolean;
  /** Its batch's mode pin, counter-jump threshold and TagTamper (issue #26). */
  batch?: ChipBatchPolicy;
}

/** An accepted scan, with what the caller read for its reply before the counter was accepted. */
export interface AcceptedScan<T = undefined> {
  nftId: number;
  counter: number;
  fileData: string | null;
  /** The TagTamper status letters (permanent, current) of a TT chip's tap, null without. */
  tamper: string | null;
  /** The read counter jumped forward more than the batch's threshold (accepted, flagged). */
  counterJump: boolean;
  prepared: T;
}

const CHIP_CACHE_LIMIT = 100_000;

/**
 * The scan path (ARCHITECTURE "The scan path"): take the tap apart in whichever URL layout it comes
 * (`@metatag/chips` parseSunQuery), decrypt it with the chip's keys, check its MAC in constant time
 * and that it carries the UID recorded for this chip (chip A's URL fails for chip B), then accept its
 * read counter only if it is strictly greater than the last one accepted for that UID, in one atomic
 * statement. Success records the scan (with its decrypted file data) and returns a short-lived scan token.
 */
@Injectable()
export class CheckTagService {
  /** A chip's UID and keys, cached; the counter statement checks the key revision (a restore may change keys). */
  private readonly chips = new Map<string, CachedChip>();

  constructor(
    private readonly taps: ChipTapRepository,
    private readonly keyring: ChipKeyring,
    private readonly tokens: ScanTokens,
    private readonly continuations: ContinuationCredentials,
    private readonly recorder: ScanRecorder,
    @Inject(GEO_LOOKUP) private readonly geo: GeoLookup,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pending: PendingRelay,
  ) {}

  /** `query`: the tap's query string (per-chip URL), or a message a batch URL form already took apart. */
  async check(tag: string, query: TapInput, ip: string): Promise<CheckTagReply> {
    // the template is read before the counter is accepted: if templates cannot answer, this reply
    // fails but the tap is not spent, and the same URL authenticates once it can (issue #14 item 2)
    // so is a pending NFC-NFT transaction's authorization (nothing of it is returned for a refused tap)
    const scan = await this.acceptScan(tag, query, ip, (nftId) =>
      Promise.all([this.templates.get(nftId), this.pending.forScan(tag)]),
    );
    if (!scan) return NOT_AUTHENTIC_REPLY;
    const [template, pending] = scan.prepared;
    const now = this.clock.now();
    return {
      ...NOT_AUTHENTIC_REPLY,
      ...pending,
      ok: true,
      fileData: scan.fileData,
      tamper: scan.tamper,
      // with a pending transaction the page sends it instead of opening the utility URL (spec section 4)
      url: pending ? null : template?.utility_url || null,
      // one credential per purpose (docs/decisions.md "Credentials of a tap")
      // the utility site gets what the tap read, signed (issue #26 items 5 and 6)
      jwt: this.tokens.sign(tag, scan.counter, now, 'utility', { tt: scan.tamper, fd: scan.fileData }),
      scanToken: this.tokens.sign(tag, scan.counter, now, 'scan'),
      continuation: this.continuations.issue(
        tag,
        scan.counter,
        Math.floor(now.getTime() / 1000) + CONTINUATION_TTL_S,
      ),
      chain: template?.chain ?? null,
      nftId: scan.nftId,
    };
  }

  /**
   * Verifies a tap of chip `tag` (its query string) and consumes its counter; undefined for any failure.
   * `prepare` reads what the caller's reply needs of the chip's template, after the MAC is checked and
   * before the counter is accepted: when it throws, the error propagates and the counter is untouched.
   * The counter statement refuses (as stale) a chip that belongs to another template by then.
   */
  async acceptScan(tag: string, query: TapInput, ip: string): Promise<AcceptedScan | undefined>;
  async acceptScan<T>(
    tag: string,
    query: TapInput,
    ip: string,
    prepare: (nftId: number) => Promise<T>,
  ): Promise<AcceptedScan<T> | undefined>;
  async acceptScan<T>(
    tag: string,
    query: TapInput,
    ip: string,
    prepare?: (nftId: number) => Promise<T>,
  ): Promise<AcceptedScan<T | undefined> | undefined> {
    // the refusal reason goes to the operator's metrics only: the visitor sees one 'Not Authentic'
    const refused = (result: 'malformed' | 'unknown_chip' | 'bad_mac' | 'replayed' | 'wrong_mode') => {
      scansTotal.inc({ result });
      return undefined;
    };
    const formTap = typeof query === 'object' && 'message' in query ? query : undefined;
    const message =
      typeof query === 'string' ? parseSunQuery(query) : (formTap?.message ?? (query as SunMessage));
    if (!message || !chiplinkIdSchema.safeParse(tag).success) return refused('malformed');
    for (let attempt = 0; attempt < 2; attempt++) {
      const chip = await this.chip(tag);
      if (!chip) return refused('unknown_chip');
      if (chip.batch && chip.batch.mode !== 'any' && message.mode !== chip.batch.mode) {
        // the batch pins its mode (issue #26 item 4): a tap in another one is not this batch's chip
        // (per-chip URLs too); the tap doctor names the reason, the visitor sees 'Not Authentic'
        this.recorder.refuse({ chiplinkId: tag, at: this.clock.now(), reason: 'invalid' });
        return refused('wrong_mode');
      }
      const verdict = verifySun(message, chip.keys, chip.uid);
      if (!verdict.ok && chip.nextKeys && attempt === 0 && verifySun(message, chip.nextKeys, chip.uid).ok) {
        // re-personalised after a key rotation: the chip moves to the new version, its old keys are refused from now on
        await this.taps.promoteNextKeys(tag, chip.keyRev);
        this.chips.delete(tag);
        continue;
      }
      if (!verdict.ok && attempt === 0 && chip.cached) {
        // keys cached before a key rotation or restore: read the chip again, once (a failing tap costs one read)
        this.chips.delete(tag);
        continue;
      }
      if (!verdict.ok) {
        // the owner's analytics count it too (refused_taps), by reason
        this.recorder.refuse({ chiplinkId: tag, at: this.clock.now(), reason: 'invalid' });
        return refused('bad_mac');
      }
      const counter = verdict.picc.readCounter;
      const prepared = prepare ? await prepare(chip.nftId) : undefined;
      const fileData = verdict.fileData?.toString('hex') ?? null;
      const tamper = chip.batch?.tagTamper ? (formTap?.tamper ?? tamperFromFileData(verdict.fileData)) : null;
      // the scan's row (with its flags) is written by the statement that accepts its counter (never
      // lost after the reply, and no second round trip)
      const decided = await this.taps.acceptCounter({
        id: tag,
        uid: chip.uid,
        keyRev: chip.keyRev,
        nftId: chip.nftId,
        counter,
        jumpAbove: chip.batch?.counterJump ?? null,
        record: {
          at: this.clock.now(),
          fileData,
          tamper,
          serial: formTap?.serial ?? null,
          ...this.geo.lookup(ip),
        },
      });
      if (decided.accepted) {
        scansTotal.inc({ result: 'accepted' });
        if (decided.jumped) scanFlagsTotal.inc({ flag: 'counter_jump' });
        const seal = tamperVerdict(tamper);
        if (seal === 'open' || seal === 'opened') scanFlagsTotal.inc({ flag: `tamper_${seal}` });
        return { nftId: decided.nftId, counter, fileData, tamper, counterJump: decided.jumped, prepared };
      }
      if (!decided.stale) {
        this.recorder.refuse({ chiplinkId: tag, at: this.clock.now(), reason: 'replayed' });
        return refused('replayed');
      }
      this.chips.delete(tag); // the chip was restored with new keys or moved: read it again, once
    }
    return refused('replayed');
  }

  /** The chip's UID, keys and key revision (cached); undefined for unknown, deleted or unreadable chips. */
  async chip(id: string): Promise<CachedChip | undefined> {
    const cached = this.chips.get(id);
    if (cached) return { ...cached, cached: true };
    const row = await this.taps.findChipAuth(id);
    return row && this.remember(row);
  }

  /**
   * Forgets every cached chip: their batch's settings changed in this process (another replica reads
   * a chip again after a key change or move, as before; a batch setting reaches it with its next read).
   */
  forgetChips(): void {
    this.chips.clear();
  }

  /** Caches a chip's auth row read elsewhere (a batch URL finds it by UID): its scan then reads nothing more. */
  remember(row: ChipAuthRow): CachedChip | undefined {
    let keys: ChipKeys;
    try {
      keys = this.keyring.keysOf(row);
    } catch {
      return undefined; // a sealed record that does not open authenticates nothing
    }
    if (this.chips.size >= CHIP_CACHE_LIMIT) this.chips.delete(this.chips.keys().next().value as string);
    let nextKeys: ChipKeys | undefined;
    try {
      nextKeys = row.keysNextSealed ? this.keyring.open(row.id, row.keysNextSealed) : undefined;
    } catch {
      nextKeys = undefined;
    }
    const chip = { uid: row.uid, nftId: row.nftId, keys, keyRev: row.keyRev, nextKeys, batch: row.batch };
    this.chips.set(row.id, chip);
    return chip;
  }
}
