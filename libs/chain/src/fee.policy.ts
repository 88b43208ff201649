/** EIP-1559 fee fields of a transaction, in wei per gas. */
export interface Eip1559Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface FeePolicy {
  /** Tip to the block producer (spec section 9: 1.5 gwei). */
  priorityFeeWei: bigint;
  /** The max fee covers this percentage of the latest base fee, plus the tip (spec: 120 %). */
  baseFeePercent: bigint;
  /** A replacement raises both fee fields by at least this many per mille over the replaced one. */
  replacementBumpPermille: bigint;
}

/**
 * The spec's gas-fee defaults (section 9): a 1.5 gwei tip and a max fee of 120 % of the base fee plus
 * that tip. Why 120 %: the base fee can rise at most 12.5 % per block (EIP-1559), so 120 % keeps the
 * transaction includable for the next block even after one full-block rise, while never bidding far
 * above the market; a transaction still left behind by a longer rise is replaced (see bumpFees), which
 * is cheaper on average than a large fixed headroom on every transaction.
 * Replacement: geth's pool wants +10 % on both fields; 12.5 % (the spec's choice) clears that bar on
 * every client we know (geth, erigon, nethermind, anvil) with rounding to spare.
 */
export const DEFAULT_FEE_POLICY: Readonly<FeePolicy> = Object.freeze({
  priorityFeeWei: 1_500_000_000n,
  baseFeePercent: 120n,
  replacementBumpPermille: 1125n,
});

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Fees for a new transaction given the latest block's base fee. */
export function initialFees(baseFeePerGas: bigint, policy: FeePolicy = DEFAULT_FEE_POLICY): Eip1559Fees {
  if (baseFeePerGas < 0n) throw new RangeError('base fee cannot be negative');
  const maxPriorityFeePerGas = policy.priorityFeeWei;
  return {
    maxPriorityFeePerGas,
    maxFeePerGas: ceilDiv(baseFeePerGas * policy.baseFeePercent, 100n) + maxPriorityFeePerGas,
  };
}

/** The smallest fee a replacement may carry for one field (rounded up, so it is never a hair short). */
export function bumped(value: bigint, policy: FeePolicy = DEFAULT_FEE_POLICY): bigint {
  const raised = ceilDiv(value * policy.replacementBumpPermille, 1000n);
  // A zero fee bumps to zero; anything positive must strictly grow, even when tiny.
  return value > 0n && raised <= value ? value + 1n : raised;
}

/**
 * Fees for a replacement at the same nonce: at least the bump over the replaced transaction on both
 * fields, and at least what a fresh transaction would bid now (the market may have moved further).
 */
export function replacementFees(
  previous: Eip1559Fees,
  market: Eip1559Fees,
  policy: FeePolicy = DEFAULT_FEE_POLICY,
): Eip1559Fees {
  const maxPriorityFeePerGas = max(
    bumped(previous.maxPriorityFeePerGas, policy),
    market.maxPriorityFeePerGas,
  );
  const maxFeePerGas = max(
    max(bumped(previous.maxFeePerGas, policy), market.maxFeePerGas),
    maxPriorityFeePerGas,
  );
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** True when `next` may replace `previous` in a pool under the policy's bump rule. */
export function isValidReplacement(
  previous: Eip1559Fees,
  next: Eip1559Fees,
  policy: FeePolicy = DEFAULT_FEE_POLICY,
): boolean {
  return (
    next.maxFeePerGas >= bumped(previous.maxFeePerGas, policy) &&
    next.maxPriorityFeePerGas >= bumped(previous.maxPriorityFeePerGas, policy)
  );
}

/** Gas limit from an estimate: +20 % headroom, because state can change between estimate and inclusion. */
export function gasLimitFromEstimate(estimate: bigint): bigint {
  return ceilDiv(estimate * 120n, 100n);
}
