import { useEffect, useState } from 'react';
import type { TwoTap } from '@metatag/api-types';
import { tapTimes, twoTapPhase, twoTapText } from './twoTap.js';

/**
 * A two-tap template's instruction after a verified tap (issue #32 item 4): 'Tap the chip again in 5
 * seconds to claim' counting down, then 'Tap the chip again now', 'Too late' once the window has passed;
 * after the second tap, that the claim may proceed. `tap`: this visit's tap query (null on a continued
 * visit, which shows what its tap recorded).
 */
export function TwoTapPrompt({ chipId, rule, tap }: { chipId: string; rule: TwoTap; tap: string | null }) {
  const [taps] = useState(() => tapTimes(chipId, tap, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const phase = taps ? twoTapPhase(rule, taps, now) : null;
  const ticking = phase?.kind === 'wait' || phase?.kind === 'ready';
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [ticking]);
  if (!phase) return null;
  return (
    <p
      className={`chip-two-tap chip-two-tap--${phase.kind}`}
      data-testid="chip-two-tap"
      data-phase={phase.kind}
      aria-live="polite"
    >
      {twoTapText(rule, phase)}
    </p>
  );
}
