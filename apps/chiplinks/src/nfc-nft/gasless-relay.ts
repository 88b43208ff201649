import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  GASLESS_NEEDS_TAP,
  GASLESS_NEEDS_ZERO_VALUE,
  NO_PENDING_TRANSACTION,
  type CompleteGaslessReply,
} from '@metatag/api-types';
import { RELAYER_LEDGER, type TxConfirmedEvent, type TxFailedEvent, type TxSentEvent } from '@metatag/events';
import { AppError, CLOCK, LOGGER, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { ScanTokens } from '../chips/scan-token.js';
import { SERVICES } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import { ChipTapRepository } from '../chips/chip-tap.repository.js';
import { NfcNftRepository, type NfcNftRow } from './nfc-nft.repository.js';
import { PendingRelay } from './pending-relay.js';
import { RelayConfirmation } from './relay-confirmation.js';

/** The relayer transaction kind of a gasless NFC-NFT relay (its tx.* events are ours). */
export const GASLESS_KIND = 'nfc-nft-relay';

/** One relayer transaction per pending transaction: the key is the record and its pending sequence. */
export const gaslessKey = (recordId: number, seq: number) => `nfc-nft-${recordId}-${seq}`;

function parseKey(key: string): { id: number; seq: number } | undefined {
  const match = /^nfc-nft-(\d+)-(\d+)$/.exec(key);
  return match ? { id: Number(match[1]), seq: Number(match[2]) } : undefined;
}

/**
 * 'Complete without a wallet' (issue 17 item 4): after a verified tap, MetaTag's relayer sends the
 * TagRelayer `execute` call itself, paid from the record owner's relayer balance through the fee
 * ledger (reserve, then settle), for pending transactions without value. Exactly once: a
 * compare-and-set claim on the record, the relayer's idempotency key (record id + pending_seq) and
 * the TagRelayer's one-time scan id each stop a second run.
 */
@Injectable()
export class GaslessRelay {
  constructor(
    private readonly records: NfcNftRepository,
    private readonly chiplinks: ChiplinkRepository,
    private readonly taps: ChipTapRepository,
    private readonly tokens: ScanTokens,
    private readonly pending: PendingRelay,
    private readonly confirmation: RelayConfirmation,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async complete(tag: string, scanToken: string): Promise<CompleteGaslessReply> {
    await this.requireLatestTap(tag, scanToken);
    const record = await this.records.findByChip(tag);
    if (!record) throw AppError.notFound(NO_PENDING_TRANSACTION);
    if (record.pendingTransactionData === '') {
      if (record.pendingTxHash) return { ok: true, status: 'confirmed', txHash: record.pendingTxHash };
      throw AppError.notFound(NO_PENDING_TRANSACTION);
    }
    if ((record.pendingTransactionValue || '0') !== '0')
      throw new AppError('conflict', GASLESS_NEEDS_ZERO_VALUE, 409);
    if (record.relayer === '' || record.smartContract === '' || record.chain === '')
      throw AppError.notFound(NO_PENDING_TRANSACTION);
    if (record.pendingClaimedAt) return this.progress(record);

    const claimed = await this.records.claimRelay(record.id, record.pendingSeq, this.clock.now());
    if (!claimed) return this.progress((await this.records.findById(record.id)) ?? record);
    try {
      const data = await this.pending.authorize(record);
      await this.services.send(RELAYER_LEDGER.sendPaid, {
        accountId: record.ownerId,
        chain: record.chain,
        to: record.relayer,
        data,
        value: '0',
        kind: GASLESS_KIND,
        idempotencyKey: gaslessKey(record.id, record.pendingSeq),
      });
    } catch (error) {
      // refused (no balance: the ledger's 402 text) or the relayer is away: nothing was queued
      const message = error instanceof Error ? error.message : String(error);
      await this.records.releaseRelay(record.id, record.pendingSeq, message);
      throw error;
    }
    await this.records.addHistory(
      record.id,
      record.pendingSeq,
      'sent',
      `queued gasless after a scan of ${tag}, paid from the owner's relayer balance`,
    );
    return { ok: true, status: 'queued', txHash: null };
  }

  private progress(record: NfcNftRow): CompleteGaslessReply {
    if (record.pendingTransactionData === '')
      return { ok: true, status: 'confirmed', txHash: record.pendingTxHash };
    return record.pendingTxHash
      ? { ok: true, status: 'sent', txHash: record.pendingTxHash }
      : { ok: true, status: 'queued', txHash: null };
  }

  /** Only the scan token of the chip's latest accepted read (as for a chip's mint). */
  private async requireLatestTap(tag: string, scanToken: string): Promise<void> {
    const claims = this.tokens.verify(scanToken, this.clock.now(), 'scan');
    const chip = claims && claims.sub === tag ? await this.chiplinks.findById(tag) : undefined;
    if (!chip || claims?.ctr !== (await this.taps.lastCounter(chip.uid)))
      throw AppError.forbidden(GASLESS_NEEDS_TAP);
  }

  /** The relayer's tx.sent of our kind: the page can show the hash. At least once: idempotent. */
  async onSent(event: TxSentEvent): Promise<void> {
    const key = event.kind === GASLESS_KIND ? parseKey(event.idempotencyKey) : undefined;
    if (key) await this.records.setRelayHash(key.id, key.seq, event.txHash);
  }

  /** tx.confirmed of our kind: the receipt is checked like a page's report, then the pending fields clear once. */
  async onConfirmed(event: TxConfirmedEvent): Promise<void> {
    const key = event.kind === GASLESS_KIND ? parseKey(event.idempotencyKey) : undefined;
    if (!key) return;
    const record = await this.records.findById(key.id);
    if (!record || record.pendingSeq !== key.seq || record.pendingTransactionData === '') return;
    try {
      await this.confirmation.verify(record, event.txHash);
    } catch (error) {
      this.logger.warn(
        { err: error, record: record.id },
        'gasless NFC-NFT relay confirmed without its event',
      );
      return;
    }
    await this.records.clearConfirmed(record.id, key.seq, event.txHash);
  }

  /**
   * tx.failed of our kind: the reason goes to the history. The claim stays: the relayer's idempotency
   * key of this pending transaction is spent, so it is not relayed gasless again (the visitor's wallet
   * still can; a new pending transaction gets a new key).
   */
  async onFailed(event: TxFailedEvent): Promise<void> {
    const key = event.kind === GASLESS_KIND ? parseKey(event.idempotencyKey) : undefined;
    if (key)
      await this.records.addHistory(key.id, key.seq, 'failed', event.reason, event.txHash ?? undefined);
  }
}
