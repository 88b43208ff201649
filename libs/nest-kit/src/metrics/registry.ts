import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry. In standalone mode every service runs in this process, so
 * each metric is defined once here (module singletons) and labelled by service where that matters.
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;
/** Node's own metrics (event-loop delay, GC, heap, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'metatag_', eventLoopMonitoringPrecision: 10 });
}

/** Latency buckets in seconds, from the scan path's sub-millisecond hops to a slow chain call. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** HTTP answers by route template (never the raw path: ids would explode the series), method and status. */
export const httpRequestSeconds = new Histogram({
  name: 'metatag_http_request_duration_seconds',
  help: 'Gateway HTTP requests by route template, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Service-to-service requests as the caller sees them (transport + handler), by pattern and outcome. */
export const transportRequestSeconds = new Histogram({
  name: 'metatag_transport_request_duration_seconds',
  help: 'Requests to other services by pattern and outcome (ok, error, unavailable)',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Taps checked by chiplinks: accepted, or refused with the reason (never shown to the visitor). */
export const scansTotal = new Counter({
  name: 'metatag_scans_total',
  help: 'Chip taps checked, by result (accepted or the refusal reason)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/**
 * Accepted taps that carry a warning (issue #26): `counter_jump` (the read counter moved forward more
 * than the batch's threshold), `tamper_open` / `tamper_opened` (a TagTamper loop open now, or opened before).
 */
export const scanFlagsTotal = new Counter({
  name: 'metatag_scan_flags_total',
  help: 'Accepted chip taps flagged: counter_jump, tamper_open, tamper_opened',
  labelNames: ['flag'] as const,
  registers: [metricsRegistry],
});

/** Jobs by queue and name: how long they waited and ran, and how they ended. */
export const jobSeconds = new Histogram({
  name: 'metatag_job_duration_seconds',
  help: 'Queue job attempts: time waiting to start (phase=wait) and running (phase=run), by job name and outcome',
  labelNames: ['job', 'outcome', 'phase'] as const,
  buckets: [...LATENCY_BUCKETS, 30, 60, 300],
  registers: [metricsRegistry],
});

/**
 * Gauges whose value is read when Prometheus scrapes (pool sizes, queue depth, relayer state): each
 * source registers a reader; a reader that fails leaves its series out of that scrape.
 */
export function scrapedGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
}): { add(read: () => Promise<Array<{ labels: Record<L, string>; value: number }>>): () => void } {
  const readers = new Set<() => Promise<Array<{ labels: Record<L, string>; value: number }>>>();
  const existing = metricsRegistry.getSingleMetric(options.name);
  if (existing) throw new Error(`metric ${options.name} defined twice`);
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const all = await Promise.all(
        [...readers].map((read) =>
          read().catch(() => [] as Array<{ labels: Record<L, string>; value: number }>),
        ),
      );
      for (const rows of all) for (const row of rows) this.set(row.labels, row.value);
    },
  });
  return {
    add(read) {
      readers.add(read);
      return () => readers.delete(read);
    },
  };
}

/** Database pool connections by service and state (total, idle, waiting). */
export const dbPoolConnections = scrapedGauge({
  name: 'metatag_db_pool_connections',
  help: 'PostgreSQL pool connections by service and state (total, idle, waiting clients)',
  labelNames: ['service', 'state'] as const,
});

/** Queue depth by queue and state (waiting, active, delayed, failed). */
export const queueJobs = scrapedGauge({
  name: 'metatag_queue_jobs',
  help: 'Jobs in a queue by state',
  labelNames: ['queue', 'state'] as const,
});

/** Relayer transactions not yet final, per chain. */
export const relayerPending = scrapedGauge({
  name: 'metatag_relayer_pending_transactions',
  help: 'Relayer transactions sent or queued and not yet confirmed, per chain',
  labelNames: ['chain'] as const,
});

/** Seconds the oldest unconfirmed relayer transaction has waited, per chain (stuck relayer alert). */
export const relayerOldestPendingSeconds = scrapedGauge({
  name: 'metatag_relayer_oldest_pending_seconds',
  help: 'Age of the oldest unconfirmed relayer transaction, per chain',
  labelNames: ['chain'] as const,
});

/** The relayer key's nonce lag: the nonce it will use next minus the chain's confirmed nonce. */
export const relayerNonceLag = scrapedGauge({
  name: 'metatag_relayer_nonce_lag',
  help: 'Relayer pending nonce minus the chain confirmed nonce, per chain',
  labelNames: ['chain'] as const,
});

/** The relayer key's native balance per chain, in ether units (alert before it runs dry). */
export const relayerBalance = scrapedGauge({
  name: 'metatag_relayer_balance_ether',
  help: 'Native balance of the relayer key per chain, in ether units',
  labelNames: ['chain'] as const,
});

/** Blocks between the chain head and the newest block readable in the index, per chain. */
export const indexerLagBlocks = scrapedGauge({
  name: 'metatag_indexer_lag_blocks',
  help: 'Chain head minus the newest indexed block readable by the services, per chain',
  labelNames: ['chain'] as const,
});

/** Outbox publishing per service: events published, attempts that failed, events dead-lettered. */
export const outboxEventsTotal = new Counter({
  name: 'metatag_outbox_events_total',
  help: 'Outbox events by service and outcome (published, failed attempt, dead-lettered)',
  labelNames: ['service', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Outbox rows waiting to be published (pending) and given up on (dead), per service. */
export const outboxBacklog = scrapedGauge({
  name: 'metatag_outbox_backlog',
  help: 'Outbox rows by service and state (pending: not yet published, dead: dead-lettered)',
  labelNames: ['service', 'state'] as const,
});
