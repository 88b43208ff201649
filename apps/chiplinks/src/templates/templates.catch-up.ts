import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { TEMPLATES_READ_MODEL } from '@metatag/events';
import { LOGGER, PeriodicTask, type ServiceClient } from '@metatag/nest-kit';
import { SERVICES, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import type { ProjectedTemplateLookup } from './template.lookup.js';
import { TemplatesProjection } from './templates.projection.js';

const PAGE = 500;
/**
 * A catch-up runs at start and then this often: events are delivered at most once to a consumer that
 * is down or disconnected (core NATS), so what it missed while away (a restart, a reconnect) is
 * replayed from templates within this interval. Cheap when nothing changed: one empty page.
 */
const INTERVAL_MS = 30_000;
/** After a failed catch-up (templates unreachable): from RETRY_MS, doubling up to MAX_RETRY_MS. */
const RETRY_MS = 1_000;
const MAX_RETRY_MS = 5_000;
/** How long a stop waits for a catch-up round under way. */
const STOP_WAIT_MS = 3_000;

/**
 * Replays templates' data changed since the projection's cursor (`templates.read-model.changes`, paged
 * by version) into chiplinks' projection: at start, after a failure, when the transport is back from a
 * lost connection, and every INTERVAL_MS. Applying is
 * idempotent, so a replay of what events already brought changes nothing. The projection keeps serving
 * the scan path while templates is away; this only brings it up to date when templates answers.
 */
@Injectable()
export class TemplatesCatchUp implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;
  private statusWatch: { unsubscribe(): void } | undefined;

  constructor(
    private readonly projection: TemplatesProjection,
    @Inject(TEMPLATE_LOOKUP) private readonly lookup: ProjectedTemplateLookup,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    // a round waits for templates (a request) and the database: neither may hold the shutdown for long
    // (a query cut mid-flight can stay unsettled forever)
    this.task = new PeriodicTask('templates projection catch-up', INTERVAL_MS, () => this.runOnce(), logger, {
      retry: { fromMs: RETRY_MS, maxMs: MAX_RETRY_MS },
      stopWaitMs: STOP_WAIT_MS,
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
    // back from a lost connection: what was published meanwhile never reached us; catch up now
    let away = false;
    this.statusWatch = this.services.status.subscribe((status) => {
      if (status !== 'connected') away = true;
      else if (away) {
        away = false;
        this.task.kick();
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.statusWatch?.unsubscribe();
    await this.task.stop();
  }

  /** One catch-up from the cursor to the end; returns how many rows it changed (tests call it). */
  async runOnce(): Promise<number> {
    let since = await this.projection.cursor();
    let changed = 0;
    for (;;) {
      const page = await this.services.send(TEMPLATES_READ_MODEL.changes, { since, limit: PAGE });
      for (const event of page.nfts)
        if (await this.projection.applyNft(event)) {
          this.lookup.changed(event.item.id);
          changed++;
        }
      let targets = 0;
      for (const event of page.collections) if (await this.projection.applyCollection(event)) targets++;
      for (const event of page.defaults) if (await this.projection.applyDefault(event)) targets++;
      if (targets > 0) this.lookup.targetsChanged();
      changed += targets;
      if (page.next > since) await this.projection.setCursor(page.next);
      if (!page.more || page.next <= since) return changed;
      since = page.next;
    }
  }
}
