/** One UTC day of the owner's business: scans and mints summed over their templates. */
export interface DayCount {
  day: string;
  scans: number;
  mints: number;
}

/**
 * The today / this-week totals of the overview's days (oldest first, today last; the server's UTC
 * days, zero-filled): no days yet reads as zeros.
 */
export function sumWeek(perDay: DayCount[]): {
  perDay: DayCount[];
  today: DayCount;
  week: { scans: number; mints: number };
} {
  const week = perDay.reduce((total, d) => ({ scans: total.scans + d.scans, mints: total.mints + d.mints }), {
    scans: 0,
    mints: 0,
  });
  return { perDay, today: perDay.at(-1) ?? { day: '', scans: 0, mints: 0 }, week };
}

/** The collections with their ledger mints (0 for one without), then any mints of a collection not listed (the default collection). */
export function mintsPerCollection(
  collections: { address: string; name?: string }[],
  byCollection: { collection: string; mints: number }[],
): { address: string; name?: string; mints: number }[] {
  const counts = new Map(byCollection.map((c) => [c.collection.toLowerCase(), c.mints]));
  const listed = collections.map((c) => ({
    address: c.address,
    name: c.name,
    mints: counts.get(c.address.toLowerCase()) ?? 0,
  }));
  const known = new Set(collections.map((c) => c.address.toLowerCase()));
  const others = byCollection
    .filter((c) => !known.has(c.collection.toLowerCase()))
    .map((c) => ({ address: c.collection, name: undefined, mints: c.mints }));
  return [...listed, ...others];
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
