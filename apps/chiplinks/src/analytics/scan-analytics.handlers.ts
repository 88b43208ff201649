import { Controller, Inject } from '@nestjs/common';
import type { NftTemplate } from '@metatag/api-types';
import { ANALYTICS, type RequestParsed } from '@metatag/events';
import { AppError, CLOCK, HandleRequest, type Clock } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ScanRecorder } from '../scans/scan.recorder.js';
import { ScanAnalyticsRepository, type DayRange } from './scan-analytics.repository.js';
import { TokenInsights } from './token-insights.js';

type Input = RequestParsed<(typeof ANALYTICS)['templateScans']>;

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** A calendar day that exists (JavaScript reads 2026-02-30 as 2 March; PostgreSQL refuses it). */
const realDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** The requested range, or the last 30 days; at most a year, `from` not after `to`. */
export function dayRange(now: Date, from?: string, to?: string): DayRange {
  if ((from && !realDay(from)) || (to && !realDay(to))) throw new AppError('invalid_range', 'Invalid date');
  const end = to ?? now.toISOString().slice(0, 10);
  const start = from ?? new Date(Date.parse(end) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS;
  if (Number.isNaN(days)) throw new AppError('invalid_range', 'Invalid date');
  if (days < 0) throw new AppError('invalid_range', 'from must not be after to');
  if (days >= MAX_DAYS) throw new AppError('invalid_range', 'The range is at most a year');
  return { from: start, to: end };
}

/** Scan analytics of templates (one, or a collection's), for their owner (or a super admin). */
@Controller()
export class ScanAnalyticsHandlers {
  constructor(
    private readonly repository: ScanAnalyticsRepository,
    private readonly recorder: ScanRecorder,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: TokenInsights,
  ) {}

  @HandleRequest(ANALYTICS.templateScans)
  /**
   * Scans only: `mints` stay 0. The templates' mint ledger counts every mint (manual and child too, not
   * only the tokens of chips and links), and the gateway fills them in from it (#30).
   */
  async templateScans({ actor, nftIds, from, to }: Input) {
    await this.owned(nftIds, actor);
    // scans of this replica still in the recorder's batch count too
    await this.recorder.flush();
    return this.repository.templateScans(nftIds, dayRange(this.clock.now(), from, to));
  }

  @HandleRequest(ANALYTICS.exportOwners)
  async exportOwners({ actor, nftIds }: RequestParsed<(typeof ANALYTICS)['exportOwners']>) {
    return this.tokens.owners(await this.owned(nftIds, actor));
  }

  @HandleRequest(ANALYTICS.exportScans)
  async exportScans({ actor, nftIds, from, to }: Input) {
    await this.owned(nftIds, actor);
    await this.recorder.flush();
    return this.repository.exportScans(nftIds, dayRange(this.clock.now(), from, to));
  }

  /** Every template must be the actor's (or the actor a super admin): the templates service's 404 otherwise. */
  private owned(nftIds: number[], actor: Input['actor']): Promise<NftTemplate[]> {
    return Promise.all([...new Set(nftIds)].map((id) => this.templates.owned(id, actor)));
  }
}
