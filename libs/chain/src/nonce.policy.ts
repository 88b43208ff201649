/**
 * Pure nonce rules shared by the relayer's nonce manager and its tests. The persistent state (the next
 * nonce per chain and sender) lives in the relayer's database; these functions decide what to do with it.
 */

/**
 * The next nonce to hand out after looking at the chain. Never below our own record (we may have
 * signed transactions the node has not seen yet, e.g. after a crash before broadcast) and never below
 * the chain's pending count (the key may have been used elsewhere, or the record restored from an older
 * backup): the higher of the two leaves neither a gap nor a reused nonce.
 */
export function reconcileNextNonce(stored: number | undefined, chainPendingCount: number): number {
  if (!Number.isSafeInteger(chainPendingCount) || chainPendingCount < 0)
    throw new RangeError(`invalid chain nonce ${chainPendingCount}`);
  return stored === undefined ? chainPendingCount : Math.max(stored, chainPendingCount);
}

/** Consecutive nonces for a batch, starting at `next`; returns them and the new next nonce. */
export function assignNonces<T>(
  next: number,
  items: readonly T[],
): { assigned: [T, number][]; next: number } {
  return { assigned: items.map((item, i) => [item, next + i]), next: next + items.length };
}

/**
 * Where a signed transaction stands relative to the sender's mined count (`eth_getTransactionCount`
 * at `latest`): below it, some transaction with that nonce is in a block (ours, a replacement of ours,
 * or one sent elsewhere with the same key); at or above it, nothing with that nonce is mined yet.
 */
export function nonceState(nonce: number, minedCount: number): 'mined' | 'pending' {
  return nonce < minedCount ? 'mined' : 'pending';
}

/** Nonces missing from `[from, to)` in a set of used nonces: what a correct sender never leaves. */
export function nonceGaps(used: Iterable<number>, from: number, to: number): number[] {
  const seen = new Set(used);
  const gaps: number[] = [];
  for (let n = from; n < to; n++) if (!seen.has(n)) gaps.push(n);
  return gaps;
}
