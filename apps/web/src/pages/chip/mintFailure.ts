import {
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  formatEther,
  HttpRequestError,
  InsufficientFundsError,
  RawContractError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';
import type { MintRefusal, PublicClaimPhase } from '@metatag/api-types';
import { phaseRefusalText } from './claimPhases.js';
import { describeChainError } from '../../lib/chainErrors.js';
import type { ChiplinkType } from './chipActions.js';
import {
  ALREADY_MINTED,
  CHAIN_UNREACHABLE,
  CHIP_MINT_FAILED,
  LINK_MINT_FAILED,
  notEnoughEth,
  RELAYER_BALANCE_EXHAUSTED,
  SECOND_TAP_NEEDED,
  SECOND_TAP_TOO_LATE,
  SECOND_TAP_TOO_SOON,
  SOLD_OUT,
  TAP_EXPIRED,
} from './chipTexts.js';

/** A known cause of a failed mint, named before the wallet is asked (or after, from its error). */
export class MintFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MintFailure';
  }
}

/** The spec's catch-all, kept for causes nobody can name (#30). */
export const unknownFailureText = (type: ChiplinkType) =>
  type === 'chip' ? CHIP_MINT_FAILED : LINK_MINT_FAILED;

/**
 * What the page says when `get-mint-data` refused (#30): the server's cause when it names one; a 402
 * is the owner's relayer balance; a 409 is a link claimed by another wallet (#28), said in the server's
 * words; an unknown refusal keeps the spec's text for chips and links.
 */
export function refusalText(
  type: ChiplinkType,
  reply: { reason?: MintRefusal; status?: number; errorMessage?: string },
  phases: readonly PublicClaimPhase[] = [],
): string {
  const phased = phaseRefusalText(reply.reason, phases, new Date());
  if (phased) return phased;
  if (reply.status === 409 && reply.errorMessage) return reply.errorMessage;
  if (reply.reason === 'sold_out') return SOLD_OUT;
  if (reply.reason === 'already_minted') return ALREADY_MINTED;
  if (reply.reason === 'tap_expired') return TAP_EXPIRED;
  if (reply.reason === 'insufficient_funds') return notEnoughEth();
  if (reply.reason === 'second_tap_needed') return SECOND_TAP_NEEDED;
  if (reply.reason === 'second_tap_too_soon') return SECOND_TAP_TOO_SOON;
  if (reply.reason === 'second_tap_too_late') return SECOND_TAP_TOO_LATE;
  if (reply.status === 402) return RELAYER_BALANCE_EXHAUSTED;
  return unknownFailureText(type);
}

/**
 * ETH formatted for people: at most 6 decimals, rounded up (an amount someone lacks must not read
 * smaller than it is), trailing zeros dropped: 10200000000000000n → '0.0102'.
 */
export function formatEthUp(wei: bigint): string {
  const unit = 10n ** 12n; // 6 decimals of ETH
  const rounded = ((wei + unit - 1n) / unit) * unit;
  return formatEther(rounded);
}

/** What a wallet lacks for `value` plus `gas` at `maxFeePerGas`; 0 when it can pay. */
export function missingWei(input: {
  balance: bigint;
  value: bigint;
  gas: bigint;
  maxFeePerGas: bigint;
}): bigint {
  const needed = input.value + input.gas * input.maxFeePerGas;
  return needed > input.balance ? needed - input.balance : 0n;
}

const TRANSPORT_ERRORS = [HttpRequestError, WebSocketRequestError, TimeoutError];
/** A revert as viem reports it: decoded by the ABI, or the node's execution-reverted with its data. */
const REVERT_ERRORS = [ContractFunctionRevertedError, ExecutionRevertedError, RawContractError];

/**
 * One sentence per cause of a failed mint (#30), from viem's error chain (`BaseError.walk`), never by
 * matching message strings: our own MintFailure (its text), too little ETH (InsufficientFundsError:
 * the amount missing when the page knows it), the chain not answering (HTTP, WebSocket or time-out
 * errors of the transport), a revert of the collection (ContractFunctionRevertedError: decoded by
 * lib/chainErrors.ts, e.g. 'The authorization expired. Scan again'); anything else keeps the spec's
 * catch-all for chips and links.
 */
export function mintFailureText(
  error: unknown,
  type: ChiplinkType,
  context: { missing?: bigint } = {},
): string {
  if (error instanceof MintFailure) return error.message;
  if (!(error instanceof BaseError)) return unknownFailureText(type);
  if (error.walk((e) => e instanceof InsufficientFundsError))
    return notEnoughEth(context.missing && context.missing > 0n ? formatEthUp(context.missing) : undefined);
  if (error.walk((e) => TRANSPORT_ERRORS.some((kind) => e instanceof kind))) return CHAIN_UNREACHABLE;
  const reverted = error.walk((e) => REVERT_ERRORS.some((kind) => e instanceof kind));
  if (reverted) return describeChainError(error);
  return unknownFailureText(type);
}
