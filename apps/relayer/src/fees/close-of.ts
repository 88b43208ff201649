import type { TransactionRow } from '../transactions/transaction.repository.js';
import type { Fee } from './fee-ledger.js';

/** How a final transaction closes its hold: with the fee of its receipt when one was mined. */
export function closeOf(row: TransactionRow): { reference: string; fee?: Fee } {
  const fee =
    row.gasUsed !== null && row.effectiveGasPrice !== null
      ? { txHash: row.txHash, gasUsed: row.gasUsed, effectiveGasPrice: row.effectiveGasPrice }
      : undefined;
  return { reference: row.idempotencyKey, fee };
}
