import { Inject, Injectable } from '@nestjs/common';
import type { CheckTagReply } from '@metatag/api-types';
import { parseSunQuery, verifySun, type ChipKeys } from '@metatag/chips';
import { chiplinkIdSchema } from '@metatag/events';
import { CLOCK, scansTotal, type Clock } from '@metatag/nest-kit';
import { GEO_LOOKUP, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
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
});

interface CachedChip {
  uid: string;
  nftId: number;
  keys: ChipKeys;
  keyRev: number;
}

/** An accepted scan, with what the caller read for its reply before the counter was accepted. */
export interface AcceptedScan<T = undefined> {
  nftId: number;
  counter: number;
  fileData: string | null;
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
    private readonly repo: ChiplinkRepository,
    private readonly keyring: ChipKeyring,
    private readonly tokens: ScanTokens,
    private readonly continuations: ContinuationCredentials,
    private readonly recorder: ScanRecorder,
    @Inject(GEO_LOOKUP) private readonly geo: GeoLookup,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pending: PendingRelay,
  ) {}

  async check(tag: string, query: string, ip: string): Promise<CheckTagReply> {
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
      // with a pending transaction the page sends it instead of opening the utility URL (spec section 4)
      url: pending ? null : template?.utility_url || null,
      // one credential per purpose (docs/decisions.md "Credentials of a tap")
      jwt: this.tokens.sign(tag, scan.counter, now, 'utility'),
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
  async acceptScan(tag: string, query: string, ip: string): Promise<AcceptedScan | undefined>;
  async acceptScan<T>(
    tag: string,
    query: string,
    ip: string,
    prepare: (nftId: number) => Promise<T>,
  ): Promise<AcceptedScan<T> | undefined>;
  async acceptScan<T>(
    tag: string,
    query: string,
    ip: string,
    prepare?: (nftId: number) => Promise<T>,
  ): Promise<AcceptedScan<T | undefined> | undefined> {
    // the refusal reason goes to the operator's metrics only: the visitor sees one 'Not Authentic'
    const refused = (result: 'malformed' | 'unknown_chip' | 'bad_mac' | 'replayed') => {
      scansTotal.inc({ result });
      return undefined;
    };
    const message = parseSunQuery(query);
    if (!message || !chiplinkIdSchema.safeParse(tag).success) return refused('malformed');
    for (let attempt = 0; attempt < 2; attempt++) {
      const chip = await this.chip(tag);
      if (!chip) return refused('unknown_chip');
      const verdict = verifySun(message, chip.keys, chip.uid);
      if (!verdict.ok) {
        // the owner's analytics count it too (refused_taps), by reason
        this.recorder.refuse({ chiplinkId: tag, at: this.clock.now(), reason: 'invalid' });
        return refused('bad_mac');
      }
      const counter = verdict.picc.readCounter;
      const prepared = prepare ? await prepare(chip.nftId) : undefined;
      const fileData = verdict.fileData?.toString('hex') ?? null;
      // the scan's row is written by the statement that accepts its counter (never lost after the reply)
      const decided = await this.repo.acceptCounter({
        id: tag,
        uid: chip.uid,
        keyRev: chip.keyRev,
        nftId: chip.nftId,
        counter,
        record: { at: this.clock.now(), fileData, ...this.geo.lookup(ip) },
      });
      if (decided.accepted) {
        scansTotal.inc({ result: 'accepted' });
        return { nftId: decided.nftId, counter, fileData, prepared };
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
    if (cached) return cached;
    const row = await this.repo.findChipAuth(id);
    if (!row) return undefined;
    let keys: ChipKeys;
    try {
      keys = this.keyring.keysOf(row);
    } catch {
      return undefined; // a sealed record that does not open authenticates nothing
    }
    if (this.chips.size >= CHIP_CACHE_LIMIT) this.chips.delete(this.chips.keys().next().value as string);
    const chip = { uid: row.uid, nftId: row.nftId, keys, keyRev: row.keyRev };
    this.chips.set(id, chip);
    return chip;
  }
}
