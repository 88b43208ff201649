import type { TwoTap } from '@metatag/api-types';

/**
 * Where a visitor stands with a two-tap template (issue #32 item 4), as the page tells it: this tap
 * follows an earlier one in the window ('second': the claim may proceed); or it is a first tap and the
 * next one is due in `seconds` ('wait'), may come now ('ready', for `secondsLeft`), or is too late.
 * The server decides (its scans, its clock); the page only explains.
 */
export type TwoTapPhase =
  | { kind: 'second' }
  | { kind: 'wait'; seconds: number }
  | { kind: 'ready'; secondsLeft: number }
  | { kind: 'late' };

/** The page's memory of this browser's two latest taps of a chip (ms since the epoch). */
export interface TapTimes {
  previous: number | null;
  last: number;
}

export function twoTapPhase(rule: TwoTap, taps: TapTimes, now: number): TwoTapPhase {
  const min = rule.minSeconds * 1000;
  const max = rule.maxMinutes * 60_000;
  if (taps.previous !== null) {
    const gap = taps.last - taps.previous;
    if (gap >= min && gap <= max) return { kind: 'second' };
  }
  const since = now - taps.last;
  if (since < min) return { kind: 'wait', seconds: Math.ceil((min - since) / 1000) };
  if (since <= max) return { kind: 'ready', secondsLeft: Math.ceil((max - since) / 1000) };
  return { kind: 'late' };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** What the page says in each phase. */
export function twoTapText(rule: TwoTap, phase: TwoTapPhase): string {
  const within = plural(rule.maxMinutes, 'minute');
  switch (phase.kind) {
    case 'second':
      return 'Second tap verified: you can claim now';
    case 'wait':
      return `Tap the chip again in ${plural(phase.seconds, 'second')} to claim`;
    case 'ready':
      return `Tap the chip again now to claim (within ${within} of the first tap)`;
    case 'late':
      return `Too late: tap twice within ${within}`;
  }
}

const key = (chipId: string) => `metatag:taps:${chipId}`;
/** Taps recorded in this page's life: React's double effects must not record one tap twice. */
const recorded = new Set<string>();

function read(chipId: string): TapTimes | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(chipId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { previous, last } = value as Record<string, unknown>;
    if (typeof last !== 'number' || (previous !== null && typeof previous !== 'number')) return null;
    return { previous, last };
  } catch {
    return null;
  }
}

/**
 * This browser's taps of the chip: a fresh tap (`tap`, its query) is recorded as the latest, once per
 * page life; a continued visit (a reload) reads what its tap recorded. Null when nothing is known.
 */
export function tapTimes(chipId: string, tap: string | null, now: number): TapTimes | null {
  const stored = read(chipId);
  if (!tap || recorded.has(`${chipId}\n${tap}`)) return stored;
  recorded.add(`${chipId}\n${tap}`);
  const times = { previous: stored?.last ?? null, last: now };
  try {
    localStorage.setItem(key(chipId), JSON.stringify(times));
  } catch {
    // storage refused (private mode): the page explains less, the server still decides
  }
  return times;
}
