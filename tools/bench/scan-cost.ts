// The cost of a verified scan (#33 item 2), measured while a benchmark row runs in this process (the
// server): CPU time of this process (user + system, process.cpuUsage), CPU time of the PostgreSQL
// backends serving the stack's database (utime + stime from /proc/<pid>/stat of every backend
// pg_stat_activity lists for that database), and bytes allocated on V8's heap (v8.GCProfiler: the heap
// grows only by allocation between two collections, so allocation = Σ (used before a GC − used after the
// previous one) + the growth since the last one). Divided by the row's verified scans, these figures do
// not depend on how many cores other processes left the server: they are what one scan costs.
import { readFileSync } from 'node:fs';
import { GCProfiler, getHeapStatistics } from 'node:v8';

export interface ScanCost {
  /** This process's CPU time during the row, µs. */
  processCpuUs: number;
  /**
   * This process's CPU µs per second while idle, just before the row (pollers, timers, metrics): at a few
   * hundred scans a second on a crowded machine that background would otherwise count as scan cost.
   */
  idleCpuUsPerSecond: number;
  /** The row's length, s. */
  seconds: number;
  /** CPU time of the database's backends during the row, µs (NaN when /proc or the database cannot tell). */
  databaseCpuUs: number;
  /** Bytes allocated on the V8 heap during the row. */
  allocatedBytes: number;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux build Node supports). */
const USER_HZ = 100;

function procCpuUs(pid: number): number {
  try {
    // fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / USER_HZ;
  } catch {
    return NaN;
  }
}

/** CPU µs of every backend of `databaseUrl`'s database, by pid. */
async function backendsCpu(databaseUrl: string | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!databaseUrl) return cpu;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) cpu.set(pid, procCpuUs(pid));
  } catch {
    // no database to ask: the database's share stays unknown
  } finally {
    await client.end().catch(() => undefined);
  }
  return cpu;
}

/** The process's CPU µs per second over `ms` of idling (BENCH_IDLE_MS, 2,000; 0 skips it). */
async function idleCpuRate(ms: number): Promise<number> {
  if (ms <= 0) return 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const cpu = process.cpuUsage(cpu0);
  return ((cpu.user + cpu.system) * 1000) / (performance.now() - t0);
}

/** Starts measuring (after measuring the idle process); `stop()` gives the cost since. */
export async function startScanCost(databaseUrl: string | undefined): Promise<{ stop(): Promise<ScanCost> }> {
  const idleCpuUsPerSecond = await idleCpuRate(Number(process.env.BENCH_IDLE_MS ?? 2000));
  const backends0 = await backendsCpu(databaseUrl);
  const t0 = performance.now();
  const profiler = new GCProfiler();
  const used0 = getHeapStatistics().used_heap_size;
  profiler.start();
  const cpu0 = process.cpuUsage();
  return {
    async stop() {
      const cpu = process.cpuUsage(cpu0);
      const usedEnd = getHeapStatistics().used_heap_size;
      const { statistics } = profiler.stop() ?? { statistics: [] };
      let allocated = 0;
      let after = used0;
      for (const gc of statistics) {
        allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - after);
        after = gc.afterGC.heapStatistics.usedHeapSize;
      }
      allocated += Math.max(0, usedEnd - after);
      const backends = await backendsCpu(databaseUrl);
      let databaseCpuUs = backends.size ? 0 : NaN;
      // a backend that was there before counts from then; a new one from its start (its whole life is the row's)
      for (const [pid, us] of backends) databaseCpuUs += us - (backends0.get(pid) ?? 0);
      return {
        processCpuUs: cpu.user + cpu.system,
        idleCpuUsPerSecond,
        seconds: (performance.now() - t0) / 1000,
        databaseCpuUs,
        allocatedBytes: allocated,
      };
    },
  };
}

export const COST_TABLE_HEADER = [
  '| target | connections | verified | server CPU µs / scan | of it the scans (idle process subtracted) | database CPU µs / scan | scans + database µs / scan | heap allocated KB / scan |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];

/** The server's CPU of the scans themselves: the row's CPU less what the idle process burns in as long. */
export function scanCpuUs(cost: ScanCost): number {
  return Math.max(0, cost.processCpuUs - cost.idleCpuUsPerSecond * cost.seconds);
}

export function costTableRow(what: string, connections: number, verified: number, cost: ScanCost): string {
  const per = (x: number) => (verified && Number.isFinite(x) ? x / verified : NaN);
  const fmt = (x: number, digits = 0) => (Number.isNaN(x) ? '–' : x.toFixed(digits));
  return `| ${what} | ${connections} | ${verified} | ${fmt(per(cost.processCpuUs))} | **${fmt(per(scanCpuUs(cost)))}** | ${fmt(per(cost.databaseCpuUs))} | ${fmt(per(scanCpuUs(cost) + cost.databaseCpuUs))} | ${fmt(per(cost.allocatedBytes) / 1024, 1)} |`;
}
