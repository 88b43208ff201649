import { BaseError, HttpRequestError, TimeoutError } from 'viem';

/**
 * What a failed `eth_sendRawTransaction` means for the sender:
 * - `already-known`: the node has this exact transaction: success.
 * - `nonce-too-low`: something with this nonce is mined (perhaps an earlier version of ours): the
 *   receipt tracker decides which.
 * - `underpriced`: the fee is below what the node or the block accepts: replace with higher fees.
 * - `replacement-underpriced`: the pool holds another transaction with this nonce paying more: keep
 *   waiting; a later replacement bids higher.
 * - `insufficient-funds`: the sender cannot pay; retried (an operator tops up the account).
 * - `rejected`: the node refuses this transaction for good (bad gas limit, size, type...): the nonce
 *   must be filled with another transaction so later ones are not stuck.
 * - `transient`: network trouble or anything unknown: try the same bytes again later.
 */
export type SendErrorKind =
  | 'already-known'
  | 'nonce-too-low'
  | 'underpriced'
  | 'replacement-underpriced'
  | 'insufficient-funds'
  | 'rejected'
  | 'transient';

// Node messages by client (geth, erigon, nethermind, besu, anvil/reth); matched lower-cased.
const PATTERNS: [SendErrorKind, RegExp][] = [
  [
    'already-known',
    /already known|known transaction|already imported|alreadyknown|already exists|already in (the )?(mem)?pool/,
  ],
  ['nonce-too-low', /nonce too low|noncetoolow|oldnonce|nonce has already been used|invalid nonce.*lower/],
  [
    'replacement-underpriced',
    /replacement (transaction )?underpriced|replacementunderpriced|replacement fee too low/,
  ],
  ['insufficient-funds', /insufficient funds|insufficientfunds|insufficient balance/],
  [
    'underpriced',
    /transaction underpriced|max fee per gas less than block base fee|fee cap less than block base fee|feecaptoolow|gas price too low|underpriced|fee too low|feetoolow/,
  ],
  [
    'rejected',
    /intrinsic gas too low|intrinsic gas too high|exceeds block gas limit|gas limit reached|oversized data|invalid sender|tip above fee cap|priority fee per gas higher than max fee|max priority fee per gas higher|transaction type not supported|exceeds the configured cap|fee cap.*too high|invalid chain id|chain id mismatch|gas limit is too (low|high)|rlp/,
  ],
];

/** Every message along an error's cause chain, lower-cased, for matching node texts. */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof BaseError) parts.push(current.shortMessage, current.details ?? '');
    if (current instanceof Error) parts.push(current.message);
    else if (typeof current === 'string') parts.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' | ').toLowerCase();
}

export function classifySendError(error: unknown): SendErrorKind {
  if (isNetworkError(error)) return 'transient';
  const text = errorText(error);
  for (const [kind, pattern] of PATTERNS) if (pattern.test(text)) return kind;
  return 'transient';
}

/** No answer from the node at all (connection, timeout, 5xx): nothing is known about the transaction. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof BaseError) {
    const found = error.walk(
      (e) =>
        e instanceof TimeoutError ||
        (e instanceof HttpRequestError && (e.status === undefined || e.status >= 500 || e.status === 429)),
    );
    if (found) return true;
  }
  return /fetch failed|econnrefused|econnreset|socket hang up|etimedout/.test(errorText(error));
}

/** The short, key-free text kept in the database and logs for a failure. */
export function shortReason(error: unknown, limit = 300): string {
  const message =
    error instanceof BaseError
      ? error.details || error.shortMessage
      : error instanceof Error
        ? error.message
        : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, limit);
}
