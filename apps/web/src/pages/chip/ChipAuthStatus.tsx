import { SEAL_DETAIL, SEAL_TEXT, fileDataText, sealOf } from '../../lib/tapReadings.js';
import type { AuthState } from './chipActions.js';
import { AUTHENTICATED, authStatusClass, CHECKING, NOT_AUTHENTIC, TAP_AGAIN } from './chipTexts.js';

/**
 * Checking, then 'MetaTag Was Authenticated' or 'Not Authentic' (spec section 4); nothing without a
 * scan. An authentic tap of a TagTamper chip also says plainly what its seal reported (issue #26):
 * the chip is genuine, and its product may still have been opened.
 */
export function ChipAuthStatus({
  state,
  tamper = null,
  fileData = null,
}: {
  state: AuthState;
  tamper?: string | null;
  /** The tap's file data (hex), when the template shows it on the public page. */
  fileData?: string | null;
}) {
  if (state === 'none') return null;
  const text =
    state === 'checking'
      ? CHECKING
      : state === 'ok'
        ? AUTHENTICATED
        : state === 'expired'
          ? TAP_AGAIN
          : NOT_AUTHENTIC;
  const seal = state === 'ok' ? sealOf(tamper) : null;
  const data = state === 'ok' ? fileDataText(fileData) : null;
  return (
    <>
      <p className={authStatusClass(state)} data-testid="chip-auth" data-state={state} aria-live="polite">
        {state === 'checking' && <span className="chip-auth__spinner" aria-hidden="true" />}
        {text}
      </p>
      {seal && (
        <div className={`chip-seal chip-seal--${seal}`} data-testid="chip-seal" data-seal={seal}>
          <p className="chip-seal__verdict">{SEAL_TEXT[seal]}</p>
          <p className="chip-seal__detail">{SEAL_DETAIL[seal]}</p>
        </div>
      )}
      {data && (
        <p className="chip-file-data" data-testid="chip-file-data" data-kind={data.kind}>
          <span className="muted">{data.kind === 'text' ? 'Chip data: ' : 'Chip data (hex): '}</span>
          <span className={`chip-file-data__value--${data.kind}`}>{data.value}</span>
        </p>
      )}
    </>
  );
}
