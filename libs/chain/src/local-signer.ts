import { keccak256, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Eip1559Fees } from './fee.policy.js';

export interface UnsignedTransaction {
  chainId: number;
  nonce: number;
  to: Address;
  data: Hex;
  value: bigint;
  gas: bigint;
  fees: Eip1559Fees;
}

export interface SignedTransaction {
  /** The serialized, signed transaction: exactly the bytes broadcast, re-broadcast and stored. */
  raw: Hex;
  hash: Hex;
}

export const PRIVATE_KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/**
 * Signs EIP-1559 transactions in this process with a private key. Local signing is what makes the
 * relayer fast and crash-safe: the exact bytes are stored with their nonce before they are broadcast,
 * so a restart re-broadcasts the same transaction instead of signing a second one.
 * The key stays in the closure of the viem account; nothing here formats or logs it.
 */
export class LocalSigner {
  readonly address: Address;
  private readonly account: PrivateKeyAccount;

  constructor(privateKey: Hex) {
    if (!PRIVATE_KEY_PATTERN.test(privateKey))
      throw new TypeError('invalid private key (expected 0x + 64 hex)');
    this.account = privateKeyToAccount(privateKey);
    this.address = this.account.address;
  }

  /** The address lower-cased, as stored in the database. */
  get key(): string {
    return this.address.toLowerCase();
  }

  async sign(tx: UnsignedTransaction): Promise<SignedTransaction> {
    const raw = await this.account.signTransaction({
      type: 'eip1559',
      chainId: tx.chainId,
      nonce: tx.nonce,
      to: tx.to,
      data: tx.data,
      value: tx.value,
      gas: tx.gas,
      maxFeePerGas: tx.fees.maxFeePerGas,
      maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas,
    });
    return { raw, hash: keccak256(raw) };
  }

  /** Keeps the key out of logs and JSON even if a signer ends up in a logged object. */
  toJSON(): { address: Address } {
    return { address: this.address };
  }
}
