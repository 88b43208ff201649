import { useState } from 'react';
import type { TwoTap } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

/** What switching two-tap on proposes (the owner may change it). */
const DEFAULT_TWO_TAP: TwoTap = { minSeconds: 5, maxMinutes: 2 };

/** The API's bounds (libs/api-types twoTapSchema), checked before sending. */
export function validTwoTap(rule: TwoTap): boolean {
  const { minSeconds, maxMinutes } = rule;
  return (
    Number.isInteger(minSeconds) &&
    Number.isInteger(maxMinutes) &&
    minSeconds >= 2 &&
    minSeconds <= 600 &&
    maxMinutes >= 1 &&
    maxMinutes <= 60 &&
    minSeconds < maxMinutes * 60
  );
}

/**
 * A two-tap claim (issue #32 item 4): a chip claims only with two taps, the second at least N seconds
 * and at most M minutes after the first. Off by default; switching it on saves the proposed window, which
 * the owner may change and save.
 */
export function TwoTapSetting({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  const saved = item.twoTap ?? null;
  const [draft, setDraft] = useState<{ min: string; max: string; of: NftTemplate } | null>(null);
  // the switch shows the choice at once while its PUT is under way, and goes back if it fails
  const [switched, setSwitched] = useState<{ on: boolean; of: NftTemplate } | null>(null);
  const on = switched?.of === item ? switched.on : saved !== null;
  const shown = draft?.of === item ? draft : null;
  const min = shown?.min ?? String(saved?.minSeconds ?? DEFAULT_TWO_TAP.minSeconds);
  const max = shown?.max ?? String(saved?.maxMinutes ?? DEFAULT_TWO_TAP.maxMinutes);
  const rule = { minSeconds: Number(min), maxMinutes: Number(max) };
  const send = (value: TwoTap | null) =>
    update.mutate(
      { id: item.id, field: 'twoTap', value },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => {
          setSwitched(null);
          window.alert(errorDetail(error) ?? 'server error');
        },
      },
    );
  const changed =
    saved !== null && (rule.minSeconds !== saved.minSeconds || rule.maxMinutes !== saved.maxMinutes);
  return (
    <div className="two-tap">
      <label className="file-data-flag">
        <input
          type="checkbox"
          checked={on}
          disabled={update.isPending}
          onChange={(event) => {
            setSwitched({ on: event.target.checked, of: item });
            send(event.target.checked ? DEFAULT_TWO_TAP : null);
          }}
        />
        A chip claims only with two taps (a single tap or URL never claims)
      </label>
      {on && saved && (
        <div className="two-tap__window">
          <label>
            second tap at least
            <input
              aria-label="Two-tap minimum seconds"
              inputMode="numeric"
              value={min}
              onChange={(event) => setDraft({ min: event.target.value, max, of: item })}
            />
            s
          </label>
          <label>
            and at most
            <input
              aria-label="Two-tap maximum minutes"
              inputMode="numeric"
              value={max}
              onChange={(event) => setDraft({ min, max: event.target.value, of: item })}
            />
            min after the first
          </label>
          {changed && (
            <button
              type="button"
              disabled={!validTwoTap(rule) || update.isPending}
              onClick={() => send(rule)}
            >
              Save
            </button>
          )}
          {changed && !validTwoTap(rule) && (
            <span className="two-tap__hint">2-600 s, 1-60 min, the minimum shorter than the maximum</span>
          )}
        </div>
      )}
    </div>
  );
}
