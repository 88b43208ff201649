import type { PublicClient } from 'viem';
import { DEFAULT_FEE_POLICY, initialFees, type Eip1559Fees, type FeePolicy } from './fee.policy.js';

interface Market {
  at: number;
  baseFeePerGas: bigint;
  fees: Eip1559Fees;
}

/**
 * Current fees for new transactions on one chain. The latest base fee is read at most once per
 * `maxAgeMs` however many transactions are signed meanwhile (one `eth_getBlockByNumber` shared by a
 * whole batch), and concurrent callers share one request in flight.
 */
export class FeeOracle {
  private cached: Market | undefined;
  private inFlight: Promise<Market> | undefined;

  constructor(
    private readonly client: Pick<PublicClient, 'getBlock'>,
    private readonly policy: FeePolicy = DEFAULT_FEE_POLICY,
    private readonly maxAgeMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Fees a new transaction bids now. */
  async current(): Promise<Eip1559Fees> {
    return (await this.market()).fees;
  }

  /** The latest block's base fee: a transaction whose max fee is below it cannot be mined now. */
  async baseFee(): Promise<bigint> {
    return (await this.market()).baseFeePerGas;
  }

  private async market(): Promise<Market> {
    if (this.cached && this.now() - this.cached.at < this.maxAgeMs) return this.cached;
    this.inFlight ??= this.fetch().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async fetch(): Promise<Market> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    // Every MetaTag chain is past London; a chain without a base fee is a configuration mistake.
    if (block.baseFeePerGas === null || block.baseFeePerGas === undefined)
      throw new Error('the chain reports no EIP-1559 base fee');
    this.cached = {
      at: this.now(),
      baseFeePerGas: block.baseFeePerGas,
      fees: initialFees(block.baseFeePerGas, this.policy),
    };
    return this.cached;
  }
}
