import { useEffect, useRef, useState } from 'react';
import { isApiError, SERVER_ERROR } from '../../lib/api.js';
import { postCompleteGasless } from './chipApi.js';
import { redirectWithTx } from './pendingRelay.js';

export const COMPLETE_WITHOUT_WALLET = 'Complete without a wallet';
const POLL_MS = 1500;
/** How long the page follows a queued relay before it stops asking (the relay itself goes on). */
const POLL_LIMIT_MS = 3 * 60_000;

const STEP_TEXT = {
  queued: 'Queued: MetaTag sends the transaction…',
  sent: 'Sent: waiting for the receipt…',
  confirmed: 'Completed',
} as const;

/**
 * 'Complete without a wallet' for a pending transaction without value: MetaTag's relayer sends it,
 * paid by the chip's owner. The page asks the same route again until the server has confirmed it,
 * then goes to `redirectUrl?tx={hash}` (or shows the hash).
 */
export function GaslessRelay({
  tag,
  scanToken,
  redirectUrl,
}: {
  tag: string;
  scanToken: string;
  redirectUrl: string | null;
}) {
  const [step, setStep] = useState<keyof typeof STEP_TEXT | null>(null);
  const [hash, setHash] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopped = useRef(false);
  useEffect(
    () => () => {
      stopped.current = true;
    },
    [],
  );

  const start = async () => {
    setError(null);
    const until = Date.now() + POLL_LIMIT_MS;
    for (;;) {
      const reply = await postCompleteGasless(tag, scanToken);
      if (stopped.current) return;
      if (isApiError(reply)) {
        setStep(null);
        setError(reply.errorMessage ?? SERVER_ERROR);
        return;
      }
      setStep(reply.status);
      setHash(reply.txHash);
      if (reply.status === 'confirmed' && reply.txHash) {
        if (redirectUrl) window.location.assign(redirectWithTx(redirectUrl, reply.txHash));
        return;
      }
      if (Date.now() > until) {
        setError('Not completed yet: look again later');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  return (
    <>
      {step === null && (
        <div className="chip-actions">
          <button type="button" className="chip-button" onClick={() => void start()}>
            {COMPLETE_WITHOUT_WALLET}
          </button>
        </div>
      )}
      {step && (
        <p className="chip-progress" data-testid="gasless-step" aria-live="polite">
          {STEP_TEXT[step]}
          {hash && (
            <>
              {' '}
              <span className="mono chip-pending__hash" data-testid="gasless-hash">
                {hash}
              </span>
            </>
          )}
        </p>
      )}
      {error && (
        <p className="chip-notice chip-notice--error" role="alert" data-testid="gasless-error">
          {error}
        </p>
      )}
    </>
  );
}
