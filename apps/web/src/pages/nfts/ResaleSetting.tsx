import { useState } from 'react';
import { RESALE_WAIT_MAX_S, RESALE_WAIT_MIN_S, type GasPayer, type Resale } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

/** What switching resale on proposes (the owner may change it): a day's wait, the buyer pays gas. */
const DEFAULT_RESALE: Resale = { waitSeconds: 24 * 3600, gasPaidBy: 'visitor' };
const UNITS = { minutes: 60, hours: 3600, days: 24 * 3600 } as const;
type Unit = keyof typeof UNITS;

/** The largest unit that divides the wait: 86400 s shows as 1 day, 5400 s as 90 minutes. */
export function waitParts(seconds: number): { amount: string; unit: Unit } {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds % UNITS[unit] === 0) return { amount: String(seconds / UNITS[unit]), unit };
  return { amount: String(Math.round((seconds / 60) * 100) / 100), unit: 'minutes' };
}

/** The wait in seconds, or null outside the API's bounds (libs/api-types resaleSchema). */
export function waitSecondsOf(amount: string, unit: Unit): number | null {
  const seconds = Math.round(Number(amount) * UNITS[unit]);
  if (!amount.trim() || !Number.isFinite(seconds)) return null;
  return seconds >= RESALE_WAIT_MIN_S && seconds <= RESALE_WAIT_MAX_S ? seconds : null;
}

/**
 * Resale by the chip (issue #32 item 2): the holder of a fresh tap may claim the chip's token from its
 * owner after a wait, during which the owner sees a notice and may lock it. Off by default; switching
 * it on saves the proposed setting, which the owner may change and save.
 */
export function ResaleSetting({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  const saved = item.resale ?? null;
  const [draft, setDraft] = useState<{ amount: string; unit: Unit; of: NftTemplate } | null>(null);
  const [switched, setSwitched] = useState<{ on: boolean; of: NftTemplate } | null>(null);
  const on = switched?.of === item ? switched.on : saved !== null;
  const savedParts = waitParts(saved?.waitSeconds ?? DEFAULT_RESALE.waitSeconds);
  const shown = draft?.of === item ? draft : null;
  const amount = shown?.amount ?? savedParts.amount;
  const unit = shown?.unit ?? savedParts.unit;
  const waitSeconds = waitSecondsOf(amount, unit);
  const send = (value: Resale | null) =>
    update.mutate(
      { id: item.id, field: 'resale', value },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => {
          setSwitched(null);
          window.alert(errorDetail(error) ?? 'server error');
        },
      },
    );
  const changed = saved !== null && waitSeconds !== saved.waitSeconds;
  return (
    <div className="two-tap resale-setting">
      <label className="file-data-flag">
        <input
          type="checkbox"
          checked={on}
          disabled={update.isPending}
          onChange={(event) => {
            setSwitched({ on: event.target.checked, of: item });
            send(event.target.checked ? DEFAULT_RESALE : null);
          }}
        />
        A new holder of the chip may claim its token after a wait (the owner is told and can lock it)
      </label>
      {on && saved && (
        <div className="two-tap__window">
          <label>
            the token moves
            <input
              aria-label="Resale wait"
              inputMode="decimal"
              value={amount}
              onChange={(event) => setDraft({ amount: event.target.value, unit, of: item })}
            />
          </label>
          <select
            aria-label="Resale wait unit"
            value={unit}
            onChange={(event) => setDraft({ amount, unit: event.target.value as Unit, of: item })}
          >
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </select>
          <span>after the claim</span>
          <label>
            gas paid by
            <select
              aria-label="Resale gas payer"
              value={saved.gasPaidBy}
              disabled={update.isPending}
              onChange={(event) => send({ ...saved, gasPaidBy: event.target.value as GasPayer })}
            >
              <option value="visitor">the new holder&apos;s wallet</option>
              <option value="owner">you (your relayer balance)</option>
            </select>
          </label>
          {changed && (
            <button
              type="button"
              disabled={waitSeconds === null || update.isPending}
              onClick={() => waitSeconds !== null && send({ ...saved, waitSeconds })}
            >
              Save
            </button>
          )}
          {changed && waitSeconds === null && (
            <span className="two-tap__hint">from 10 seconds to 30 days</span>
          )}
        </div>
      )}
    </div>
  );
}
