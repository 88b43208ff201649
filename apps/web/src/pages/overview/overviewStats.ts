import type { ScanAnalytics } from '@metatag/api-types';

/** One UTC day of the owner's business: scans and mints summed over their templates. */
export interface DayCount {
  day: string;
  scans: number;
  mints: number;
}

/** `YYYY-MM-DD` of a date in UTC (the analytics' days are UTC days). */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` UTC days up to `today`, oldest first. */
export function lastDays(today: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    utcDay(new Date(today.getTime() - (days - 1 - i) * 86_400_000)),
  );
}

/**
 * Sums the per-day scans and mints of several templates' analytics over the given days (a day no
 * template has counts 0), and the today / this-week totals the overview shows.
 */
export function sumDays(
  analytics: Pick<ScanAnalytics, 'perDay'>[],
  days: string[],
): { perDay: DayCount[]; today: DayCount; week: { scans: number; mints: number } } {
  const byDay = new Map(days.map((day) => [day, { day, scans: 0, mints: 0 }]));
  for (const one of analytics)
    for (const entry of one.perDay) {
      const sum = byDay.get(entry.day);
      if (!sum) continue;
      sum.scans += entry.scans;
      sum.mints += entry.mints;
    }
  const perDay = days.map((day) => byDay.get(day)!);
  const week = perDay.reduce((total, d) => ({ scans: total.scans + d.scans, mints: total.mints + d.mints }), {
    scans: 0,
    mints: 0,
  });
  return { perDay, today: perDay[perDay.length - 1], week };
}

/** The counts of the owner's templates: how many, and their chips, links and mints together. */
export interface TemplateCounts {
  templates: number;
  chips: number;
  links: number;
  mints: number;
}

export function sumTemplates(templates: { chips: number; links: number; mints: number }[]): TemplateCounts {
  return templates.reduce<TemplateCounts>(
    (total, t) => ({
      templates: total.templates + 1,
      chips: total.chips + t.chips,
      links: total.links + t.links,
      mints: total.mints + t.mints,
    }),
    { templates: 0, chips: 0, links: 0, mints: 0 },
  );
}
