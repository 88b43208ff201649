import { BaseError, decodeErrorResult, ExecutionRevertedError, type Abi, type Hex } from 'viem';
import { errorText, isNetworkError, shortReason } from './send-error.classifier.js';

/**
 * True when a simulation (eth_estimateGas / eth_call) failed because the call reverts: the transaction
 * would fail on chain too, so it is refused before a nonce is spent on it.
 */
export function isRevert(error: unknown): boolean {
  if (isNetworkError(error)) return false;
  if (error instanceof BaseError) {
    const found = error.walk(
      (e) => e instanceof ExecutionRevertedError || (e as { code?: unknown }).code === 3,
    );
    if (found) return true;
  }
  return /execution reverted|reverted|revert/.test(errorText(error));
}

/** The revert data (selector + arguments) a node attached to the error, when there is any. */
export function revertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data) && data.length >= 10) return data as Hex;
    if (typeof data === 'object' && data !== null) {
      const nested = (data as { data?: unknown }).data;
      if (typeof nested === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(nested)) return nested as Hex;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A readable reason: the decoded custom error (e.g. `TokenAlreadyMinted(5)`) when the ABI knows it. */
export function revertReason(error: unknown, abi?: Abi): string {
  const data = revertData(error);
  if (data && abi) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      const args = (decoded.args ?? []).map((a) => String(a)).join(', ');
      return `reverted: ${decoded.errorName}(${args})`;
    } catch {
      // not an error of this ABI: fall through to the node's text
    }
  }
  return shortReason(error);
}

/**
 * The name of the custom error a call reverted with (`RecoveryNotAllowed`), from the revert data when
 * the ABI knows it, or from viem's own decoding (a simulation given the ABI); undefined otherwise.
 */
export function revertErrorName(error: unknown, abi: Abi): string | undefined {
  const data = revertData(error);
  if (data) {
    try {
      return decodeErrorResult({ abi, data }).errorName;
    } catch {
      // not one of this ABI's errors
    }
  }
  const named = (error as { walk?: (fn: (e: unknown) => boolean) => unknown }).walk?.(
    (e) => typeof (e as { data?: { errorName?: unknown } }).data?.errorName === 'string',
  ) as { data?: { errorName?: string } } | undefined;
  return named?.data?.errorName;
}
