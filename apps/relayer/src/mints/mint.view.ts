import {
  RELAYER_EVENTS,
  type MintConfirmedEvent,
  type MintFailedEvent,
  type MintRecord,
  type MintStatus,
} from '@metatag/events';
import { outboxEvent, type OutboxEvent } from '@metatag/outbox';
import type { MintRow, MintWithTx } from './mint.repository.js';

/**
 * A record's status as the API shows it: final once the Transfer is seen (confirmed) or the
 * transaction failed; before that it follows its transaction, `sent` from the moment a signed
 * transaction is out (and while a mined one waits for the index).
 */
export function mintStatus(row: MintWithTx): MintStatus {
  if (row.status !== 'queued') return row.status;
  if (row.tx?.status === 'failed') return 'failed';
  if (row.tx?.status === 'sent' || row.tx?.status === 'mined' || row.tx?.status === 'confirmed')
    return 'sent';
  return 'queued';
}

export function toMintRecord(row: MintWithTx): MintRecord {
  const status = mintStatus(row);
  return {
    id: row.id,
    nftId: row.nftId,
    chiplinkId: row.chiplinkId,
    chain: row.chain,
    chainId: row.chainId,
    collection: row.collection,
    tokenId: row.tokenId.toString(),
    to: row.toAddress,
    created: row.created.toISOString(),
    status,
    tx: row.txHash ?? row.tx?.txHash ?? null,
    error: row.error ?? (status === 'failed' ? (row.tx?.lastError ?? 'failed') : null),
  };
}

const base = (row: MintRow) => ({
  mintId: row.id,
  nftId: row.nftId,
  chiplinkId: row.chiplinkId,
  chain: row.chain,
  chainId: row.chainId,
  collection: row.collection,
  tokenId: row.tokenId.toString(),
  to: row.toAddress,
  childLimit: row.childLimit === null ? null : row.childLimit.toString(),
});

/** mint.confirmed / mint.failed for a record that just became final. */
export function mintFinished(row: MintRow): OutboxEvent {
  if (row.status === 'confirmed') {
    const payload: MintConfirmedEvent = {
      ...base(row),
      txHash: row.txHash ?? '',
      blockNumber: (row.blockNumber ?? 0n).toString(),
      source: row.confirmedBy === 'index' ? 'index' : 'chain',
    };
    return outboxEvent(RELAYER_EVENTS.mintConfirmed, payload);
  }
  const payload: MintFailedEvent = { ...base(row), reason: row.error ?? 'failed', txHash: row.txHash };
  return outboxEvent(RELAYER_EVENTS.mintFailed, payload);
}
