import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { encodeAbiParameters, keccak256, toHex } from 'viem';
import { TAG_RELAY } from '@metatag/events';
import { CLOCK, LOGGER, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { SERVICES } from '../chiplinks.tokens.js';
import { NfcNftRepository, type NfcNftRow } from './nfc-nft.repository.js';
import { RecordTargetPolicy } from './record-targets.policy.js';

/** How long a scan's relay authorization stays valid. */
export const RELAY_AUTHORIZATION_TTL_S = 15 * 60;

/** What check-tag adds for a chip whose NFC-NFT record has a pending transaction. */
export interface PendingForScan {
  pendingTransactionData: string;
  pendingTransactionValue: string;
  transactionDataToRelayer: string | null;
  relayer: string | null;
  redirectUrl: string | null;
}

/**
 * The one-time scanId of a pending transaction: derived from the record and its pending sequence,
 * never from the tap, so every tap of the same pending transaction carries the same id and the
 * TagRelayer runs it at most once (two taps, a retried job, a redelivered event all collide).
 */
export function pendingScanId(recordId: number, pendingSeq: number): `0x${string}` {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }],
      [keccak256(toHex('MetaTag NFC-NFT pending')), BigInt(recordId), BigInt(pendingSeq)],
    ),
  );
}

@Injectable()
export class PendingRelay {
  constructor(
    private readonly records: NfcNftRepository,
    private readonly targets: RecordTargetPolicy,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The TagRelayer `execute` call of the record's pending transaction, signed by the relayer for its one
   * scan id. Every signature (a tap's, a gasless send's) passes the target policy again here: a record
   * that no longer targets its owner's attached collection through our TagRelayer gets none.
   */
  async authorize(record: NfcNftRow): Promise<string> {
    await this.targets.require(record);
    const reply = await this.services.send(TAG_RELAY.authorize, {
      chain: record.chain,
      relayer: record.relayer,
      target: record.smartContract,
      data: record.pendingTransactionData,
      value: record.pendingTransactionValue || '0',
      deadline: Math.floor(this.clock.now().getTime() / 1000) + RELAY_AUTHORIZATION_TTL_S,
      scanId: pendingScanId(record.id, record.pendingSeq),
    });
    return reply.transactionDataToRelayer;
  }

  /** The record of chip `tag`, if any (the lookup's isNfcNft). */
  recordOf(tag: string): Promise<NfcNftRow | undefined> {
    return this.records.findByChip(tag);
  }

  /**
   * After a verified scan: the pending transaction of the chip's record with the relayer's signed
   * authorization, or undefined when nothing is pending. A relayer that cannot sign leaves
   * `transactionDataToRelayer` null: the scan itself still succeeds.
   */
  async forScan(tag: string): Promise<PendingForScan | undefined> {
    // one batched statement for all concurrent scans; the record itself only for the few that have one
    if (!(await this.records.hasPending(tag))) return undefined;
    const record = await this.records.findByChip(tag);
    if (!record || record.pendingTransactionData === '') return undefined;
    let transactionDataToRelayer: string | null = null;
    if (record.relayer !== '' && record.smartContract !== '' && record.chain !== '') {
      try {
        transactionDataToRelayer = await this.authorize(record);
        await this.records.addHistory(record.id, record.pendingSeq, 'authorized', `scan of ${tag}`);
      } catch (error) {
        this.logger.warn({ err: error, record: record.id }, 'pending NFC-NFT transaction not authorized');
      }
    }
    return {
      pendingTransactionData: record.pendingTransactionData,
      pendingTransactionValue: record.pendingTransactionValue || '0',
      transactionDataToRelayer,
      relayer: record.relayer || null,
      redirectUrl: record.redirectUrl || null,
    };
  }
}
