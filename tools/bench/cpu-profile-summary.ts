// Where a scan's CPU goes (#33 item 2): a V8 CPU profile (.cpuprofile, from BENCH_CPU_PROF or
// `node --cpu-prof`) summed by category. Each sample goes to the category of its nearest frame (from the
// sampled function up to the root) that names one: a socket write under the PostgreSQL client is the
// counter statement's, the same write under the HTTP response is the response's, and the tracing
// wrapper around a whole request gets only what runs in it and nowhere more specific (its own code,
// async context hooks). Categories follow the issue: parse, crypto, counter statement, tokens, response,
// tracing, metrics; plus the in-process transport, the rest of the scan logic, GC, other.
// CLI: `node --conditions=source --import ./tools/register.mjs tools/bench/cpu-profile-summary.ts FILE...`
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

type Rule = [category: string, test: (fn: string, url: string) => boolean];

/**
 * Our code's and our libraries' frames: the nearest one to the sampled function decides. (First match
 * wins within one frame.)
 */
const SPECIFIC: Rule[] = [
  ['GC', (fn) => fn === '(garbage collector)'],
  ['idle', (fn) => fn === '(idle)'],
  // the profiler's own work and the benchmark's (starting wrk) are not the server's
  ['not the server', (_fn, url) => /node:inspector|tools\/bench\/|node:child_process/.test(url)],
  [
    'tracing',
    (fn, url) =>
      /@opentelemetry|nest-kit\/src\/tracing|http-tracing|async_hooks|async_local_storage/.test(url) ||
      /PromiseHook|promiseInitHook|promiseResolveHook|promiseBeforeHook|promiseAfterHook|emitInit|emitBefore|emitAfter/.test(
        fn,
      ),
  ],
  ['metrics', (_fn, url) => /prom-client|http-metrics|nest-kit\/src\/metrics/.test(url)],
  ['tokens', (_fn, url) => /chips\/(scan-token|continuation|utility-token)|jsonwebtoken|\/jose\//.test(url)],
  ['crypto', (_fn, url) => /libs\/chips\/|chip-keyring|chip-key-material/.test(url)],
  [
    'counter statement',
    (_fn, url) =>
      /counter-batcher|pending-probe|node_modules\/(pg|pg-protocol|pg-pool|pg-types|drizzle-orm)\//.test(url),
  ],
  [
    'parse',
    (fn, url) =>
      /parserOn|_http_common/.test(fn + url) ||
      (/raw-http/.test(url) && /read|parse/i.test(fn)) ||
      /check-tag\.ts$|envelope/.test(url) ||
      /\/zod\//.test(url),
  ],
  ['response', (_fn, url) => /_http_outgoing|_http_server|raw-http/.test(url)],
  ['in-process transport', (_fn, url) => /in-process|service-client|libs\/events/.test(url)],
  ['scan logic (chiplinks)', (_fn, url) => /apps\/chiplinks\/src/.test(url)],
];

/**
 * Node's and V8's own frames, used only when no SPECIFIC frame is on the stack: a socket write under the
 * PostgreSQL client is the counter statement's, only an orphan one is counted as a response's.
 */
const GENERIC: Rule[] = [
  [
    'crypto',
    (fn, url) =>
      /internal\/crypto/.test(url) ||
      /^(createCipheriv|createDecipheriv|createHmac|timingSafeEqual|Cipheriv|Decipheriv|Hmac)$/.test(fn),
  ],
  ['parse', (fn) => fn === 'JSON.parse' || fn === 'parse'],
  ['response', (fn) => /^(writev|writeGeneric|_writev|writeBuffer)$/.test(fn)],
];

export interface ProfileSummary {
  totalMs: number;
  /** Busy = everything but idle and what is not the server's. */
  busyMs: number;
  byCategory: Map<string, number>;
}

export function summariseProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOf = new Map<number, string>();
  const nearest = (id: number, rules: Rule[]): string | undefined => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      const found = rules.find(([, test]) => test(functionName, url))?.[0];
      if (found) return found;
    }
    return undefined;
  };
  const categorise = (id: number): string => {
    let category = categoryOf.get(id);
    if (!category) {
      category = nearest(id, SPECIFIC) ?? nearest(id, GENERIC) ?? 'other';
      categoryOf.set(id, category);
    }
    return category;
  };
  const byCategory = new Map<string, number>();
  let totalMs = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    totalMs += ms;
    const category = categorise(id);
    byCategory.set(category, (byCategory.get(category) ?? 0) + ms);
  });
  const notBusy = (byCategory.get('idle') ?? 0) + (byCategory.get('not the server') ?? 0);
  return { totalMs, busyMs: totalMs - notBusy, byCategory };
}

export const PROFILE_CATEGORIES = [
  'parse',
  'crypto',
  'counter statement',
  'tokens',
  'response',
  'tracing',
  'metrics',
  'in-process transport',
  'scan logic (chiplinks)',
  'GC',
  'other',
];

/**
 * Markdown rows: each category's share of the server's busy samples, and that share of the row's
 * measured server CPU µs per verified scan (the profile's own sampled time is wall-clock time of the
 * thread, which includes waiting for a core on a shared machine; process CPU time does not).
 */
export function profileTable(summary: ProfileSummary, cpuUsPerScan: number, label = ''): string[] {
  const lines = [
    `| category${label ? ` (${label})` : ''} | share of busy CPU | µs per verified scan |`,
    '|---|---:|---:|',
  ];
  for (const category of PROFILE_CATEGORIES) {
    const ms = summary.byCategory.get(category) ?? 0;
    const share = summary.busyMs ? (ms / summary.busyMs) * 100 : 0;
    lines.push(
      `| ${category} | ${share.toFixed(1)} % | ${Number.isFinite(cpuUsPerScan) ? ((share / 100) * cpuUsPerScan).toFixed(1) : '–'} |`,
    );
  }
  lines.push(
    `| **busy total** | 100 % | **${Number.isFinite(cpuUsPerScan) ? cpuUsPerScan.toFixed(1) : '–'}** |`,
  );
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of process.argv.slice(2)) {
    // CPU_US_PER_SCAN: the row's server CPU µs per verified scan (else only the shares mean anything)
    const cpuUsPerScan = Number(process.env.CPU_US_PER_SCAN ?? NaN);
    console.log(`\n${file}\n`);
    const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
    for (const line of profileTable(summary, cpuUsPerScan)) console.log(line);
  }
}
