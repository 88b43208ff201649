import { RELAYER_EVENTS, type TxConfirmedEvent, type TxFailedEvent, type TxSentEvent } from '@metatag/events';
import { outboxEvent, type OutboxEvent } from '@metatag/outbox';
import type { TransactionRow } from './transaction.repository.js';

const base = (row: TransactionRow) => ({
  id: row.id,
  idempotencyKey: row.idempotencyKey,
  kind: row.kind,
  chainId: row.chainId,
  from: row.fromAddress,
  to: row.toAddress,
});

export function txSent(
  row: TransactionRow,
  version: { nonce: number; hash: string; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  replaces: string | null = null,
): OutboxEvent {
  const payload: TxSentEvent = {
    ...base(row),
    nonce: version.nonce,
    txHash: version.hash,
    replaces,
    maxFeePerGas: version.maxFeePerGas.toString(),
    maxPriorityFeePerGas: version.maxPriorityFeePerGas.toString(),
  };
  return outboxEvent(RELAYER_EVENTS.txSent, payload);
}

/** tx.confirmed or tx.failed for a row that just reached its final status. */
export function txFinished(row: TransactionRow): OutboxEvent {
  if (row.status === 'confirmed') {
    const payload: TxConfirmedEvent = {
      ...base(row),
      nonce: row.nonce ?? 0,
      txHash: row.txHash ?? '',
      blockNumber: (row.blockNumber ?? 0n).toString(),
      gasUsed: (row.gasUsed ?? 0n).toString(),
    };
    return outboxEvent(RELAYER_EVENTS.txConfirmed, payload);
  }
  const payload: TxFailedEvent = {
    ...base(row),
    nonce: row.nonce,
    txHash: row.txHash,
    reason: row.lastError ?? 'failed',
  };
  return outboxEvent(RELAYER_EVENTS.txFailed, payload);
}
