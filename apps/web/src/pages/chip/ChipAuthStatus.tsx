import type { AuthState } from './chipActions.js';
import { AUTHENTICATED, CHECKING, NOT_AUTHENTIC, TAP_AGAIN } from './chipTexts.js';

/** Checking, then 'MetaTag Was Authenticated' or 'Not Authentic' (spec section 4); nothing without a scan. */
export function ChipAuthStatus({ state }: { state: AuthState }) {
  if (state === 'none') return null;
  const text =
    state === 'checking'
      ? CHECKING
      : state === 'ok'
        ? AUTHENTICATED
        : state === 'expired'
          ? TAP_AGAIN
          : NOT_AUTHENTIC;
  return (
    <p
      className={`chip-auth chip-auth--${state}`}
      data-testid="chip-auth"
      data-state={state}
      aria-live="polite"
    >
      {state === 'checking' && <span className="chip-auth__spinner" aria-hidden="true" />}
      {text}
    </p>
  );
}
