import { Inject, Injectable } from '@nestjs/common';
import {
  keccak256,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { NO_PENDING_TRANSACTION, RELAY_NOT_MATCHING, RELAY_NOT_MINED } from '@metatag/api-types';
import type { ChainDirectory } from '@metatag/chain';
import { tagRelayerAbi } from '@metatag/contracts';
import { AppError } from '@metatag/nest-kit';
import { CHAINS } from '../chiplinks.tokens.js';
import { NfcNftRepository, type NfcNftRow } from './nfc-nft.repository.js';
import { pendingScanId } from './pending-relay.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Does `receipt` carry this record's current pending transaction? A successful transaction with a
 * `PendingTransactionExecuted` event emitted by the record's TagRelayer for the record's scan id,
 * target, value and call data hash. Who sent it does not matter: the event proves the call ran.
 */
export function receiptRunsPending(receipt: TransactionReceipt, record: NfcNftRow): boolean {
  if (receipt.status !== 'success') return false;
  const scanId = pendingScanId(record.id, record.pendingSeq);
  const dataHash = keccak256(record.pendingTransactionData as Hex);
  const value = BigInt(record.pendingTransactionValue || '0');
  return parseEventLogs({
    abi: tagRelayerAbi,
    logs: receipt.logs,
    eventName: 'PendingTransactionExecuted',
  }).some(
    (log) =>
      same(log.address, record.relayer) &&
      log.args.scanId === scanId &&
      same(log.args.target, record.smartContract) &&
      log.args.value === value &&
      log.args.dataHash === dataHash,
  );
}

/**
 * Confirms a relayed pending NFC-NFT transaction (`POST /json/nfc-nft/confirm`): the page's report is
 * only a hint; the receipt on the record's chain decides, and the pending fields clear once.
 */
@Injectable()
export class RelayConfirmation {
  constructor(
    private readonly records: NfcNftRepository,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
  ) {}

  /** Throws unless `txHash` is mined and ran the record's current pending transaction through its TagRelayer. */
  async verify(record: NfcNftRow, txHash: string): Promise<void> {
    const handle = this.chains.byName(record.chain);
    if (!handle || record.relayer === '') throw AppError.notFound(NO_PENDING_TRANSACTION);
    let receipt: TransactionReceipt;
    try {
      receipt = await handle.client.getTransactionReceipt({ hash: txHash as Hex });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError)
        throw new AppError('not_mined', RELAY_NOT_MINED, 409);
      throw AppError.unavailable('The chain cannot be read now');
    }
    if (!receiptRunsPending(receipt, record)) throw new AppError('not_matching', RELAY_NOT_MATCHING, 409);
  }

  async confirm(tag: string, txHash: string): Promise<{ ok: true; cleared: boolean; txHash: string }> {
    const record = await this.records.findByChip(tag);
    if (!record) throw AppError.notFound(NO_PENDING_TRANSACTION);
    // a repeated report of the transaction that already cleared it (a reload, a second tab)
    if (record.pendingTransactionData === '')
      if (record.pendingTxHash === txHash) return { ok: true, cleared: false, txHash };
      else throw AppError.notFound(NO_PENDING_TRANSACTION);
    await this.verify(record, txHash);
    const cleared = await this.records.clearConfirmed(record.id, record.pendingSeq, txHash);
    if (cleared) return { ok: true, cleared: true, txHash };
    // a concurrent report cleared it first: the same transaction is fine, anything else changed it
    const now = await this.records.findByChip(tag);
    if (now?.pendingTxHash === txHash) return { ok: true, cleared: false, txHash };
    throw new AppError('not_matching', RELAY_NOT_MATCHING, 409);
  }
}
