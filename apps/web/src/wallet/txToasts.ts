/**
 * Transaction progress for the console's toasts (issue #30): sent, confirmed, failed with the decoded
 * reason. A tiny store outside React: useWalletTransaction reports, layout/TxToasts.tsx shows.
 */
export type TxToastKind = 'sent' | 'confirmed' | 'failed';

export interface TxToast {
  id: number;
  kind: TxToastKind;
  hash: string | null;
  text: string;
}

type Listener = (toast: TxToast) => void;
const listeners = new Set<Listener>();
let next = 1;

export function reportTx(kind: TxToastKind, hash: string | null, text: string): void {
  const toast = { id: next++, kind, hash, text };
  for (const listener of listeners) listener(toast);
}

export function onTxToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
