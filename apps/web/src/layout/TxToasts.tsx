import { useEffect, useState } from 'react';
import { HexValue } from '../components/HexValue.js';
import { onTxToast, type TxToast } from '../wallet/txToasts.js';

/** How long a toast stays; a failure stays until closed. */
const TOAST_MS = 6_000;
const TITLES = { sent: 'Transaction sent', confirmed: 'Confirmed', failed: 'Transaction failed' } as const;

/** The console's transaction toasts, bottom right (full width on a phone). */
export function TxToasts() {
  const [toasts, setToasts] = useState<TxToast[]>([]);
  useEffect(
    () =>
      onTxToast((toast) => {
        // a transaction's later state replaces its earlier one
        setToasts((current) => [...current.filter((t) => !toast.hash || t.hash !== toast.hash), toast]);
        if (toast.kind !== 'failed')
          setTimeout(() => setToasts((current) => current.filter((t) => t.id !== toast.id)), TOAST_MS);
      }),
    [],
  );
  const close = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  return (
    // a live region, not role="status": pages have their own status messages, and one status role per
    // page keeps them unambiguous (for assistive technology and for tests alike)
    <div className="tx-toasts" aria-live="polite" aria-label="Transaction updates">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`tx-toast tx-toast--${toast.kind}`}
          data-testid={`tx-toast-${toast.kind}`}
        >
          <div className="tx-toast__head">
            <strong>{TITLES[toast.kind]}</strong>
            <button
              type="button"
              className="tx-toast__close"
              aria-label="Close"
              onClick={() => close(toast.id)}
            >
              ×
            </button>
          </div>
          {toast.text && <p className="tx-toast__text">{toast.text}</p>}
          {toast.hash && <HexValue value={toast.hash} kind="tx" />}
        </div>
      ))}
    </div>
  );
}
