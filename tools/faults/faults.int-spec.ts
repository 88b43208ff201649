import { test } from 'node:test';
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { createPublicClient, http, parseAbiItem, zeroAddress } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { createServiceClient } from '@metatag/nest-kit';
import { ADMIN_PASSWORD, readyStatus, startCluster, type Cluster, type Replica } from './cluster.js';
import { MintStream, provisionChips, ScanStream, type Chip, type ScanCounts } from './load.js';

// `npm run test:faults` (#21 item 4). In distributed mode (every app its own process over the suite's own
// NATS, Redis, PostgreSQL and anvil), with FAULTS_REPLICAS replicas of each service and of the gateway,
// under a stream of scans and mints, kill -9 in turn NATS, Redis, PostgreSQL, one replica of each app,
// the indexer and every relayer worker, then start what was killed again. Afterwards: every accepted scan
// is still accepted (its counter stored, its scan row written), every accepted mint is on chain exactly
// once (Transfer logs and ownerOf against the relayer's accepted records), readiness went 503 (or the
// replica unreachable) while its dependency was down and 200 again; then a soak at FAULTS_SOAK_RATE.
const REPLICAS = Number(process.env.FAULTS_REPLICAS ?? 2);
const CHIPS = Number(process.env.FAULTS_CHIPS ?? 256);
/** Scans a second offered while the faults happen. */
const FAULT_RATE = Number(process.env.FAULTS_SCAN_RATE ?? 200);
/** Mints per fault, half just before the kill and half while it is down (11 faults: 264 by default). */
const MINTS_PER_FAULT = Number(process.env.FAULTS_MINTS_PER_FAULT ?? 24);
const SOAK_RATE = Number(process.env.FAULTS_SOAK_RATE ?? 1000);
const SOAK_SECONDS = Number(process.env.FAULTS_SOAK_SECONDS ?? 60);
const SOAK_CONNECTIONS = Number(process.env.FAULTS_SOAK_CONNECTIONS ?? 64);
/** How long a killed dependency stays down once its loss is seen. */
const DOWN_MS = Number(process.env.FAULTS_DOWN_MS ?? 2000);

interface Fault {
  name: string;
  /** The probes that must each stop answering 200 while it is down. */
  probes(c: Cluster): Replica[];
  /** 503 exactly (a live process saying it is not ready), or any non-200 (the killed replica itself). */
  expect: '503' | 'down';
  kill(c: Cluster): Promise<void>;
  restart(c: Cluster): Promise<void>;
}

const replica = (c: Cluster, app: string) => c.replicas.find((r) => r.app === app && r.index === 0)!;

const FAULTS: Fault[] = [
  ...(['nats', 'redis', 'postgres'] as const).map((key): Fault => ({
    name: { nats: 'NATS', redis: 'Redis', postgres: 'PostgreSQL' }[key],
    // without PostgreSQL every app is unready; NATS and Redis are the gateways' to tell
    probes: (c) => (key === 'postgres' ? c.replicas.filter((r) => r.app !== 'indexer') : c.gateways),
    expect: '503',
    kill: (c) => c[key].proc.kill(),
    restart: (c) => c[key].restart(),
  })),
  ...['auth', 'templates', 'chiplinks', 'relayer', 'deployer', 'gateway', 'indexer'].map((app): Fault => ({
    name: app === 'indexer' ? 'indexer (single writer)' : `1 of ${REPLICAS} ${app} replicas`,
    probes: (c) => [replica(c, app)],
    expect: 'down',
    kill: (c) => replica(c, app).proc.kill(),
    restart: (c) => replica(c, app).restart(),
  })),
  {
    name: `relayer worker (all ${REPLICAS} relayer processes at once)`,
    probes: (c) => c.gateways,
    expect: '503',
    kill: async (c) => {
      await Promise.all(c.replicas.filter((r) => r.app === 'relayer').map((r) => r.proc.kill()));
    },
    restart: async (c) => {
      for (const r of c.replicas.filter((x) => x.app === 'relayer')) await r.restart();
    },
  },
];

interface Row {
  fault: string;
  detectionS: number | undefined;
  recoveryS: number | undefined;
  seen: string;
  scans: ScanCounts;
  mintsOk: number;
}

/** Which probes a row's readiness column speaks of. */
function describe(probes: Replica[]): string {
  if (probes.length === 1) return `${probes[0].proc.name}'s own readiness`;
  if (probes.every((p) => p.app === 'gateway')) return `${probes.length} gateways' /readyz`;
  return `/readyz of all ${probes.length} gateways and service replicas`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number | undefined) => (ms === undefined ? '—' : (ms / 1000).toFixed(1));

/**
 * Polls `probes` until each of them has answered something else than 200 at least once (503 exactly when
 * `expect` says so): the time until the last one did and what it answered, or undefined after `timeoutMs`.
 */
async function detect(
  probes: Replica[],
  expect: Fault['expect'],
  timeoutMs: number,
): Promise<{ ms: number; status: number } | undefined> {
  const t0 = performance.now();
  const seen = new Map<Replica, number>();
  while (performance.now() - t0 < timeoutMs) {
    const statuses = await Promise.all(probes.map((p) => readyStatus(p.readyUrl)));
    statuses.forEach((status, i) => {
      if (expect === '503' ? status === 503 : status !== 200) seen.set(probes[i], status);
    });
    if (seen.size === probes.length) return { ms: performance.now() - t0, status: statuses[0] };
    await sleep(100);
  }
  return undefined;
}

/** Every replica and every gateway ready again: the time it took, or undefined after `timeoutMs`. */
async function recover(c: Cluster, timeoutMs: number): Promise<number | undefined> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const statuses = await Promise.all(c.replicas.map((r) => readyStatus(r.readyUrl)));
    if (statuses.every((s) => s === 200)) return performance.now() - t0;
    await sleep(200);
  }
  return undefined;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Each chip's stored counter and scan rows against what the product accepted. */
async function scanLedger(db: pg.Pool, chips: Chip[]) {
  const { rows } = await db.query<{ id: string; last_counter: number; scans: number; rows: number }>(
    `SELECT c.id, k.last_counter, c.scans,
            (SELECT count(*)::int FROM chiplinks.scans s WHERE s.chiplink_id = c.id) AS rows
       FROM chiplinks.chiplinks c JOIN chiplinks.chip_counters k ON k.uid = c.uid
      WHERE c.id = ANY($1::text[])`,
    [chips.map((c) => c.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  let counterBehind = 0;
  let lostRows = 0;
  let lostCounts = 0;
  for (const chip of chips) {
    const row = byId.get(chip.id);
    if (!row || row.last_counter < chip.maxAccepted) counterBehind += 1;
    lostRows += Math.max(0, chip.accepted - (row?.rows ?? 0));
    lostCounts += Math.max(0, chip.accepted - (row?.scans ?? 0));
  }
  return { counterBehind, lostRows, lostCounts };
}

test(
  'fault injection: kill -9 of each dependency and replica loses no accepted scan or mint; then a soak',
  { timeout: 20 * 60_000 },
  async () => {
    const started = performance.now();
    const cluster = await startCluster({ replicas: REPLICAS });
    const client = createServiceClient('faults', {
      TRANSPORT: 'nats',
      NATS_URL: cluster.env.NATS_URL,
      RPC_TIMEOUT_MS: 10_000,
    } as never);
    const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
    db.on('error', () => undefined); // its connections die with PostgreSQL too
    let scans: ScanStream | undefined;
    try {
      const bootS = (performance.now() - started) / 1000;
      await client.connect();
      const gatewayUrl = `http://127.0.0.1:${cluster.gateways[0].port}`;
      const chips = await provisionChips(gatewayUrl, ADMIN_PASSWORD, CHIPS);
      const gatewayPorts = cluster.gateways.map((g) => g.port!);
      scans = new ScanStream(gatewayPorts, chips, cluster.env.CHIP_MASTER_KEY, 16, FAULT_RATE);
      const mints = new MintStream(client, cluster.collection, 240_000);
      scans.start();
      await sleep(1000);

      const rows: Row[] = [];
      for (const fault of FAULTS) {
        const before = scans.snapshot();
        const acceptedBefore = mints.accepted.size;
        // half the mints are under way when the fault hits, half are asked for while it is down
        mints.burst(Math.ceil(MINTS_PER_FAULT / 2));
        await sleep(50);
        const probes = fault.probes(cluster);
        await fault.kill(cluster);
        mints.burst(Math.floor(MINTS_PER_FAULT / 2));
        const seen = await detect(probes, fault.expect, 20_000);
        await sleep(DOWN_MS);
        await fault.restart(cluster);
        const recoveryMs = await recover(cluster, 120_000);
        const after = scans.snapshot();
        rows.push({
          fault: fault.name,
          detectionS: seen?.ms,
          recoveryS: recoveryMs,
          seen: seen
            ? `${seen.status === 0 ? 'unreachable' : seen.status}: ${describe(probes)}`
            : `not seen: ${describe(probes)}`,
          scans: { ok: after.ok - before.ok, err: after.err - before.err },
          mintsOk: mints.accepted.size - acceptedBefore,
        });
        // each row as it is done, so a suite cut short still shows where the time went
        console.log(`${fault.name}: detection ${seconds(seen?.ms)} s, recovery ${seconds(recoveryMs)} s`);
        if (recoveryMs === undefined) {
          const statuses = await Promise.all(
            cluster.replicas.map(async (r) => `${r.proc.name} ${await readyStatus(r.readyUrl)}`),
          );
          assert.fail(
            `${fault.name}: not ready again within 120 s (${statuses.join(', ')})\n${cluster.output()}`,
          );
        }
        await sleep(500);
      }
      const faultsEnd = Date.now();
      await scans.stop();
      const faultScans = scans.snapshot();

      // every mint issued is accepted in the end (retried under its key), then confirmed
      // every check is made (and the table printed) before the test fails on the first one
      const failures: string[] = [];
      const soft = (check: () => void) => {
        try {
          check();
        } catch (error) {
          failures.push((error as Error).message);
        }
      };
      await mints.settled();
      const accepted = [...mints.accepted.values()];
      soft(() =>
        assert.equal(
          accepted.length,
          mints.issued,
          'every mint accepted (retried under its Idempotency-Key)',
        ),
      );
      let confirmed = 0;
      for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(500)) {
        const { rows: r } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM relayer.mints WHERE status = 'confirmed' AND collection = $1`,
          [cluster.collection],
        );
        confirmed = r[0].n;
        if (confirmed >= accepted.length) break;
      }
      const settleS = (Date.now() - faultsEnd) / 1000;
      soft(() => assert.equal(confirmed, accepted.length, 'every accepted mint confirmed in the relayer'));
      const { rows: records } = await db.query<{ n: number; keys: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT request_key)::int AS keys FROM relayer.mints WHERE collection = $1`,
        [cluster.collection],
      );
      soft(() =>
        assert.deepEqual(records[0], { n: accepted.length, keys: accepted.length }, 'one record per key'),
      );

      // the chain's word: one Transfer from 0x0 per accepted mint, to its recipient, and nothing else
      const chain = createPublicClient({ transport: http(cluster.anvil.url) });
      const logs = await chain.getLogs({
        address: cluster.collection,
        event: parseAbiItem(
          'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
        ),
        args: { from: zeroAddress },
        fromBlock: 0n,
      });
      const minted = new Map<string, number>();
      for (const log of logs)
        minted.set(String(log.args.tokenId), (minted.get(String(log.args.tokenId)) ?? 0) + 1);
      const lost = accepted.filter((m) => !minted.has(m.tokenId));
      const doubled = [...minted.values()].filter((n) => n > 1).length;
      const extra = logs.length - accepted.length;
      soft(() => {
        assert.deepEqual(
          { lost: lost.length, doubled, extra },
          { lost: 0, doubled: 0, extra: 0 },
          'mints on chain',
        );
      });
      const owners = await Promise.all(
        accepted.map((m) =>
          chain.readContract({
            address: cluster.collection,
            abi: collectionAbi,
            functionName: 'ownerOf',
            args: [BigInt(m.tokenId)],
          }),
        ),
      );
      const wrongOwner = accepted.filter((m, i) => String(owners[i]).toLowerCase() !== m.to).length;
      soft(() => assert.equal(wrongOwner, 0, 'each token owned by the recipient of its accepted mint'));

      // every accepted scan: its counter stored (a replay stays refused), its count and its row written
      await sleep(1000);
      const ledger = await scanLedger(db, chips);
      soft(() => {
        assert.deepEqual(
          ledger,
          { counterBehind: 0, lostRows: 0, lostCounts: 0 },
          'accepted scans after the faults',
        );
      });

      // the soak: fresh taps at SOAK_RATE for SOAK_SECONDS, every one accepted
      await sleep(2000);
      const soak = new ScanStream(
        gatewayPorts,
        chips,
        cluster.env.CHIP_MASTER_KEY,
        SOAK_CONNECTIONS,
        SOAK_RATE,
      );
      const soakStart = performance.now();
      soak.start();
      await sleep(SOAK_SECONDS * 1000);
      await soak.stop();
      const soakS = (performance.now() - soakStart) / 1000;
      await sleep(1000);
      const soakLedger = await scanLedger(db, chips);

      const table = [
        `\nfault injection, distributed mode: ${REPLICAS} replicas of ${['gateway', 'auth', 'templates', 'chiplinks', 'relayer', 'deployer'].join(', ')}; 1 indexer; own NATS, Redis (no persistence), PostgreSQL, anvil; ${availableParallelism()} CPUs; node ${process.version}; cluster up in ${bootS.toFixed(1)} s`,
        `scans offered at ${FAULT_RATE}/s during the faults; ${MINTS_PER_FAULT} mints per fault, half just before the kill and half while it is down (${accepted.length} in all)\n`,
        '| fault | readiness while down | detection s | recovery s | scans ok/err | mints ok |',
        '|---|---|---:|---:|---:|---:|',
        ...rows.map(
          (r) =>
            `| ${r.fault} | ${r.seen} | ${seconds(r.detectionS)} | ${seconds(r.recoveryS)} | ${r.scans.ok}/${r.scans.err} | ${r.mintsOk} |`,
        ),
        '',
        `scans during the faults: ${faultScans.ok} accepted, ${faultScans.err} failed; after recovery: ${ledger.counterBehind} chips with their counter behind, ${ledger.lostCounts} scan counts and ${ledger.lostRows} scan rows missing (of ${faultScans.ok} accepted)`,
        `mints: ${accepted.length} accepted, ${confirmed} confirmed (all of them ${settleS.toFixed(1)} s after the last fault's recovery), on chain: ${logs.length} Transfers from 0x0: ${lost.length} lost, ${doubled} doubled, ${extra} extra, ${wrongOwner} owned by another address`,
        `soak: ${SOAK_RATE} scans/s offered on ${SOAK_CONNECTIONS} connections for ${soakS.toFixed(1)} s: ${soak.counts.ok} accepted (**${Math.round(soak.counts.ok / soakS)}/s**), ${soak.counts.err} errors, p50 ${percentile(soak.latencies, 50).toFixed(1)} ms, p99 ${percentile(soak.latencies, 99).toFixed(1)} ms`,
        `total ${((performance.now() - started) / 1000).toFixed(0)} s`,
      ].join('\n');
      console.log(table);
      soft(() => assert.equal(soak.counts.err, 0, 'the soak: no scan fails'));
      soft(() => {
        assert.deepEqual(
          soakLedger,
          { counterBehind: 0, lostRows: 0, lostCounts: 0 },
          'accepted scans after the soak',
        );
      });
      soft(() => {
        for (const row of rows)
          assert.ok(row.detectionS !== undefined, `${row.fault}: readiness never showed it`);
      });
      assert.deepEqual(failures, [], failures.join('\n'));
    } finally {
      await scans?.stop();
      await client.close().catch(() => undefined);
      await db.end().catch(() => undefined);
      await cluster.stop();
    }
  },
);
