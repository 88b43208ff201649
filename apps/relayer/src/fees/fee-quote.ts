import { Inject, Injectable } from '@nestjs/common';
import { toHex, type Address, type Hex } from 'viem';
import { gasLimitFromEstimate, isRevert, type ChainHandle, type LocalSigner } from '@metatag/chain';
import { SIGNER } from '../relayer.tokens.js';

export interface Quote {
  gasLimit: bigint;
  maxFeePerGas: bigint;
  /** gasLimit × maxFeePerGas: the most the transaction can cost as it would be signed now. */
  amount: bigint;
}

/**
 * The worst-case fee of a call as the relayer's sender would sign it now: the estimate + 20 % (the
 * sender's gas limit) times the current max fee per gas. A call that reverts in simulation is quoted
 * at `fallbackGas`: the sender refuses it before signing, and its hold is released then.
 */
@Injectable()
export class FeeQuotes {
  constructor(@Inject(SIGNER) private readonly signer: LocalSigner) {}

  async quote(
    chain: ChainHandle,
    call: { to: string; data: string; value: bigint },
    fallbackGas: bigint,
  ): Promise<Quote> {
    const [gasLimit, fees] = await Promise.all([
      this.gasLimit(chain, call, fallbackGas),
      chain.fees.current(),
    ]);
    return { gasLimit, maxFeePerGas: fees.maxFeePerGas, amount: gasLimit * fees.maxFeePerGas };
  }

  private async gasLimit(
    chain: ChainHandle,
    call: { to: string; data: string; value: bigint },
    fallbackGas: bigint,
  ): Promise<bigint> {
    try {
      const estimate = await chain.client.request({
        method: 'eth_estimateGas',
        params: [
          {
            from: this.signer.address,
            to: call.to as Address,
            data: call.data as Hex,
            value: toHex(call.value),
          },
        ],
      });
      return gasLimitFromEstimate(BigInt(estimate));
    } catch (error) {
      if (isRevert(error)) return fallbackGas;
      throw error;
    }
  }
}
