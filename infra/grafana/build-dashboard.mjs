// Writes infra/grafana/metatag-dashboard.json (Grafana 10+ JSON model): `node infra/grafana/build-dashboard.mjs`.
// Panels are listed here once; the JSON is committed so it can be imported as is.
import { writeFileSync } from 'node:fs';

const ds = { type: 'prometheus', uid: '${DS_PROMETHEUS}' };
let id = 0;
const panel = (title, exprs, { unit = 'short', w = 12, h = 8, type = 'timeseries' } = {}) => ({
  id: ++id,
  type,
  title,
  datasource: ds,
  gridPos: { w, h, x: 0, y: 0 },
  fieldConfig: { defaults: { unit }, overrides: [] },
  targets: exprs.map(([expr, legendFormat], i) => ({
    refId: String.fromCharCode(65 + i),
    datasource: ds,
    expr,
    legendFormat,
  })),
});
const row = (title) => ({
  id: ++id,
  type: 'row',
  title,
  collapsed: false,
  gridPos: { w: 24, h: 1, x: 0, y: 0 },
});

const panels = [
  row('Scans'),
  panel(
    'Taps checked per second by result',
    [['sum by (result) (rate(metatag_scans_total[1m]))', '{{result}}']],
    { unit: 'reqps' },
  ),
  panel(
    'check-tag latency',
    [
      [
        'histogram_quantile(0.5, sum by (le) (rate(metatag_http_request_duration_seconds_bucket{route="/json/check-tag"}[1m])))',
        'p50',
      ],
      [
        'histogram_quantile(0.99, sum by (le) (rate(metatag_http_request_duration_seconds_bucket{route="/json/check-tag"}[1m])))',
        'p99',
      ],
    ],
    { unit: 's' },
  ),
  row('HTTP'),
  panel(
    'Requests per second by status',
    [['sum by (status) (rate(metatag_http_request_duration_seconds_count[1m]))', '{{status}}']],
    { unit: 'reqps' },
  ),
  panel(
    'p99 latency by route (top 10)',
    [
      [
        'topk(10, histogram_quantile(0.99, sum by (le, route) (rate(metatag_http_request_duration_seconds_bucket[5m]))))',
        '{{route}}',
      ],
    ],
    { unit: 's' },
  ),
  row('Services'),
  panel(
    'Service calls p99 by pattern (top 10)',
    [
      [
        'topk(10, histogram_quantile(0.99, sum by (le, pattern) (rate(metatag_transport_request_duration_seconds_bucket[5m]))))',
        '{{pattern}}',
      ],
    ],
    { unit: 's' },
  ),
  panel(
    'Service calls failing',
    [
      [
        'sum by (pattern, outcome) (rate(metatag_transport_request_duration_seconds_count{outcome!="ok"}[5m]))',
        '{{pattern}} {{outcome}}',
      ],
    ],
    { unit: 'reqps' },
  ),
  panel('Database pool', [
    ['sum by (service, state) (metatag_db_pool_connections)', '{{service}} {{state}}'],
  ]),
  panel(
    'Event-loop delay p99',
    [['max by (service, instance) (metatag_nodejs_eventloop_lag_p99_seconds)', '{{instance}}']],
    { unit: 's' },
  ),
  row('Relayer and chain'),
  panel('Relayer transactions not yet confirmed', [
    ['sum by (chain) (metatag_relayer_pending_transactions)', '{{chain}}'],
  ]),
  panel(
    'Oldest unconfirmed transaction',
    [['max by (chain) (metatag_relayer_oldest_pending_seconds)', '{{chain}}']],
    { unit: 's' },
  ),
  panel('Relayer nonce lag', [['max by (chain) (metatag_relayer_nonce_lag)', '{{chain}}']]),
  panel('Relayer balance', [['min by (chain) (metatag_relayer_balance_ether)', '{{chain}}']]),
  panel('Indexer lag (blocks)', [['max by (chain) (metatag_indexer_lag_blocks)', '{{chain}}']]),
  panel('Queue depth', [['sum by (queue, state) (metatag_queue_jobs)', '{{queue}} {{state}}']]),
  panel(
    'Job wait and run p95',
    [
      [
        'histogram_quantile(0.95, sum by (le, job) (rate(metatag_job_duration_seconds_bucket{phase="wait"}[5m])))',
        '{{job}} wait',
      ],
      [
        'histogram_quantile(0.95, sum by (le, job) (rate(metatag_job_duration_seconds_bucket{phase="run"}[5m])))',
        '{{job}} run',
      ],
    ],
    { unit: 's' },
  ),
];

// lay panels out two per line under their rows
let y = 0;
let x = 0;
for (const p of panels) {
  if (p.type === 'row') {
    if (x !== 0) y += 8;
    p.gridPos = { ...p.gridPos, x: 0, y };
    y += 1;
    x = 0;
    continue;
  }
  p.gridPos = { ...p.gridPos, x, y };
  x += p.gridPos.w;
  if (x >= 24) {
    x = 0;
    y += p.gridPos.h;
  }
}

const dashboard = {
  __inputs: [
    {
      name: 'DS_PROMETHEUS',
      label: 'Prometheus',
      type: 'datasource',
      pluginId: 'prometheus',
      pluginName: 'Prometheus',
    },
  ],
  title: 'MetaTag',
  uid: 'metatag-overview',
  tags: ['metatag'],
  timezone: 'browser',
  schemaVersion: 39,
  version: 1,
  refresh: '30s',
  time: { from: 'now-3h', to: 'now' },
  panels,
};
writeFileSync(
  new URL('./metatag-dashboard.json', import.meta.url),
  `${JSON.stringify(dashboard, null, 2)}\n`,
);
