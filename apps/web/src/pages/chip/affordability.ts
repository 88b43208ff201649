import { BaseError, InsufficientFundsError, parseEther, type Address, type Hex } from 'viem';
import type { Config } from 'wagmi';
import { estimateFeesPerGas, estimateGas, getBalance } from 'wagmi/actions';
import { mintLabel } from './chipActions.js';
import { MINT_AND_CLAIM } from './chipTexts.js';
import { missingWei } from './mintFailure.js';

/** The wei a mint sends: the template's price, or 0 for a free one (spec section 4: 'Mint and Claim'). */
export function mintValue(price: string, payoutAddress: string): bigint {
  return mintLabel(price, payoutAddress) === MINT_AND_CLAIM ? 0n : parseEther(price.trim());
}

/**
 * Gas a voucher mint (`mintSigned`) takes, for the estimate before the click (#30), when there is no
 * voucher to estimate yet: measured on anvil as 110–130k (first mint of a collection the most), rounded
 * up. After the click the voucher's own `estimateGas` replaces it.
 */
export const MINT_GAS_BUDGET = 150_000n;

export interface Affordability {
  balance: bigint;
  /** Price plus gas at the chain's current max fee per gas. */
  needed: bigint;
  /** What the wallet lacks; 0 when it can pay. */
  missing: bigint;
}

/**
 * Can `account` pay `value` and the gas of `call` on `chainId`? The gas is the node's estimate of the
 * call (a revert in it is thrown: its reason is the failure's cause), or MINT_GAS_BUDGET when no call
 * is given yet or the node refuses to estimate for an empty wallet; the fee is estimateFeesPerGas's
 * max fee per gas (EIP-1559), or its legacy gas price.
 */
export async function affordability(
  config: Config,
  input: { chainId: number; account: Address; value: bigint; call?: { to: Address; data: Hex } },
): Promise<Affordability> {
  const { chainId, account, value, call } = input;
  const [balance, fees, gas] = await Promise.all([
    getBalance(config, { chainId, address: account }).then((b) => b.value),
    estimateFeesPerGas(config, { chainId }),
    call
      ? estimateGas(config, { chainId, account, to: call.to, data: call.data, value }).catch(
          (error: unknown) => {
            // an empty wallet cannot even pay for the estimate on some nodes: the budget stands in
            if (isInsufficientFunds(error)) return MINT_GAS_BUDGET;
            throw error;
          },
        )
      : Promise.resolve(MINT_GAS_BUDGET),
  ]);
  const maxFeePerGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
  const missing = missingWei({ balance, value, gas, maxFeePerGas });
  return { balance, needed: value + gas * maxFeePerGas, missing };
}

function isInsufficientFunds(error: unknown): boolean {
  return error instanceof BaseError && !!error.walk((e) => e instanceof InsufficientFundsError);
}
