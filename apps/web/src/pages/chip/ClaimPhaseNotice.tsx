import { useEffect, useState } from 'react';
import type { PublicClaimPhase } from '@metatag/api-types';
import { phaseLines } from './claimPhases.js';

/**
 * A phased drop's notice on the chip and link page (issue #32 item 3): when it opens or closes,
 * 'Allowlist only', the per-wallet cap and the phase's price. Re-read every 30 s so 'opens in' moves.
 */
export function ClaimPhaseNotice({ phases }: { phases: readonly PublicClaimPhase[] }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const lines = phaseLines(phases, now);
  if (lines.length === 0) return null;
  return (
    <ul className="chip-phase" data-testid="chip-phase" aria-live="polite">
      {lines.map((line) => (
        <li key={line.kind} className={`chip-phase__line chip-phase__line--${line.kind}`}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}
