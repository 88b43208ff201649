import type { PublicClient } from 'viem';
import { DEFAULT_FEE_POLICY, initialFees, type Eip1559Fees, type FeePolicy } from './fee.policy.js';

/**
 * Current fees for new transactions on one chain. The latest base fee is read at most once per
 * `maxAgeMs` however many transactions are signed meanwhile (one `eth_getBlockByNumber` shared by a
 * whole batch), and concurrent callers share one request in flight.
 */
export class FeeOracle {
  private cached: { at: number; fees: Eip1559Fees } | undefined;
  private inFlight: Promise<Eip1559Fees> | undefined;

  constructor(
    private readonly client: Pick<PublicClient, 'getBlock'>,
    private readonly policy: FeePolicy = DEFAULT_FEE_POLICY,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<Eip1559Fees> {
    if (this.cached && this.now() - this.cached.at < this.maxAgeMs) return this.cached.fees;
    this.inFlight ??= this.fetch().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async fetch(): Promise<Eip1559Fees> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    // Every MetaTag chain is past London; a chain without a base fee is a configuration mistake.
    if (block.baseFeePerGas === null || block.baseFeePerGas === undefined)
      throw new Error('the chain reports no EIP-1559 base fee');
    const fees = initialFees(block.baseFeePerGas, this.policy);
    this.cached = { at: this.now(), fees };
    return fees;
  }
}
