import { Injectable } from '@nestjs/common';
import type { TransactionReceipt } from 'viem';

const CAPACITY = 20_000;

/**
 * Receipts the tracker just read, so the mint confirmer does not fetch them again when it reads the
 * Transfer from the chain (at 200 mints/s that halves the receipt traffic). Memory only: after a
 * restart the confirmer simply asks the node.
 */
@Injectable()
export class ReceiptCache {
  private readonly receipts = new Map<string, TransactionReceipt>();

  put(receipt: TransactionReceipt): void {
    this.receipts.set(receipt.transactionHash.toLowerCase(), receipt);
    if (this.receipts.size > CAPACITY) {
      const oldest = this.receipts.keys().next().value;
      if (oldest !== undefined) this.receipts.delete(oldest);
    }
  }

  /** Forgets a receipt whose block left the chain. */
  delete(hash: string): void {
    this.receipts.delete(hash.toLowerCase());
  }

  get(hash: string): TransactionReceipt | undefined {
    return this.receipts.get(hash.toLowerCase());
  }
}
