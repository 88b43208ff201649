import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createPublicClient, http, parseAbiItem, zeroAddress, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createServiceClient } from '@metatag/nest-kit';
import { RELAYER_KEY, readyStatus, startCluster, type Cluster, type Replica } from './cluster.js';
import { MintStream } from './load.js';

// `npm run test:faults`, the relayer's worst case (#28 item 4): under a steady stream of mint requests,
// kill -9 the chain (anvil) AND PostgreSQL at the same moment, FAULTS_CHAIN_DB_RUNS times in one cluster.
// The chain comes back from the state it saved after each block (as the standalone runs it), so the
// blocks mined since its last dump are lost and the relayer must send them again. Each run measures
// the time from the kill until every relayer replica's /readyz is 503 (≤ 10 s), and from the restart of
// both until every mint accepted so far is confirmed in the relayer's database (mined transactions
// reconciled, queued work resumed) and a mint asked for after the restart is confirmed too (≤ 30 s).
// At the end the chain's Transfer logs are compared with the accepted requests: 0 lost, 0 doubled, and
// no request that went out in two transactions.
const REPLICAS = Number(process.env.FAULTS_REPLICAS ?? 2);
const RUNS = Number(process.env.FAULTS_CHAIN_DB_RUNS ?? 10);
/** Mint requests a second, all the time (retried under their key while PostgreSQL is down). */
const MINT_RATE = Number(process.env.FAULTS_CHAIN_DB_MINT_RATE ?? 4);
/** Traffic before each kill, and how long both stay down once the relayer says it is not ready. */
const TRAFFIC_MS = Number(process.env.FAULTS_CHAIN_DB_TRAFFIC_MS ?? 2000);
const DOWN_MS = Number(process.env.FAULTS_CHAIN_DB_DOWN_MS ?? 1000);
/** Longer outages too: run n stays down DOWN_MS + (n mod 3) × DOWN_STEP_MS (retry backoffs grow with them). */
const DOWN_STEP_MS = Number(process.env.FAULTS_CHAIN_DB_DOWN_STEP_MS ?? 3000);
const DETECT_LIMIT_MS = 10_000;
const RECOVERY_LIMIT_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  run: number;
  detectionMs: number | undefined;
  downMs: number;
  /** Even runs: PostgreSQL back first, the chain still down: until the relayer says it is stalled. */
  stallMs?: number;
  recoveryMs: number | undefined;
  /** The keys of the mints issued during this run (the stream's sequence numbers). */
  issued: [number, number];
}

/** When every probe had answered 503 at least once (performance.now()), or undefined after `timeoutMs`. */
async function until503(probes: Replica[], timeoutMs: number): Promise<number | undefined> {
  const t0 = performance.now();
  const seen = new Set<Replica>();
  while (performance.now() - t0 < timeoutMs) {
    const statuses = await Promise.all(probes.map((p) => readyStatus(p.readyUrl)));
    statuses.forEach((s, i) => s === 503 && seen.add(probes[i]));
    if (seen.size === probes.length) return performance.now();
    await sleep(100);
  }
  return undefined;
}

/** When every probe answered 503 with the relayer's `progress` reason (the database being up). */
async function untilStalled(probes: Replica[], timeoutMs: number): Promise<number | undefined> {
  const t0 = performance.now();
  const seen = new Set<Replica>();
  while (performance.now() - t0 < timeoutMs) {
    await Promise.all(
      probes.map(async (p) => {
        const res = await fetch(p.readyUrl, { signal: AbortSignal.timeout(3000) }).catch(() => undefined);
        const body = (await res?.json().catch(() => undefined)) as
          { reasons?: Record<string, string> } | undefined;
        if (res?.status === 503 && body?.reasons?.progress && !body.reasons.database) seen.add(p);
      }),
    );
    if (seen.size === probes.length) return performance.now();
    await sleep(100);
  }
  return undefined;
}

/** How many of `ids` are confirmed in the relayer's database (0 while PostgreSQL is down). */
async function confirmedOf(db: pg.Pool, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  try {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM relayer.mints WHERE id = ANY($1::uuid[]) AND status = 'confirmed'`,
      [ids],
    );
    return rows[0].n;
  } catch {
    return 0;
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The evidence a lost mint leaves: what the relayer's database holds of it (mint, transaction, nonce,
 * block), read once, and what the chain says of each (the token's owner, its transaction and block).
 */
async function describeLost(
  db: pg.Pool,
  chain: PublicClient,
  collection: string,
  relayer: string,
  lost: { id: string }[],
): Promise<string> {
  type Row = Record<string, unknown> & {
    token_id: string;
    tx_hash: string | null;
    block_number: string | null;
    block_hash: string | null;
  };
  let rows: Row[];
  let nextNonce: unknown;
  try {
    ({ rows } = await db.query<Row>(
      `SELECT m.request_key, m.token_id::text, m.status AS mint_status, m.confirmed_by, m.error AS mint_error,
              m.tx_hash AS mint_tx, m.created, m.confirmed_at,
              t.status AS tx_status, t.nonce, t.attempts, t.last_error, t.tx_hash, t.previous_hashes,
              t.block_number::text, t.block_hash, t.signed_at, t.broadcast_at, t.finished_at
         FROM relayer.mints m LEFT JOIN relayer.transactions t ON t.idempotency_key = m.tx_key
        WHERE m.id = ANY($1::uuid[])`,
      [lost.map((m) => m.id)],
    ));
    nextNonce = (await db.query(`SELECT next_nonce FROM relayer.sender_nonces WHERE address = $1`, [relayer]))
      .rows[0]?.next_nonce;
  } catch (error) {
    return `lost mints: the relayer's database could not be read (${String(error)})`;
  }
  const lines = [
    `lost mints: the chain's nonce of the relayer ${await chain.getTransactionCount({ address: relayer as Hex })}, its next nonce in the database ${String(nextNonce)}`,
  ];
  for (const row of rows) {
    const owner = await chain
      .readContract({
        address: collection as Hex,
        abi: [parseAbiItem('function ownerOf(uint256) view returns (address)')],
        functionName: 'ownerOf',
        args: [BigInt(row.token_id)],
      })
      .catch((error: unknown) => `none (${String(error).slice(0, 80)})`);
    const tx = row.tx_hash
      ? await chain
          .getTransaction({ hash: row.tx_hash as Hex })
          .then((t) => `in block ${t.blockNumber} at nonce ${t.nonce}`)
          .catch(() => 'not on the chain')
      : 'no hash';
    const block = row.block_number
      ? await chain
          .getBlock({ blockNumber: BigInt(row.block_number) })
          .then(
            (b) =>
              `block ${b.number} is ${b.hash} (recorded ${row.block_hash}) with ${b.transactions.length} transactions`,
          )
          .catch(() => `block ${row.block_number} is not on the chain`)
      : '';
    lines.push(JSON.stringify(row), `  on chain: owner ${owner}; its transaction ${tx}; ${block}`);
  }
  return lines.join('\n');
}

const sequenceOf = (key: string) => Number(key.slice(key.lastIndexOf('-') + 1));

test(
  `fault injection: kill -9 of the chain and PostgreSQL at once, ${RUNS} times, under a stream of mints: 0 lost, 0 doubled, recovery ≤ 30 s`,
  { timeout: 15 * 60_000 },
  async () => {
    const bootStart = performance.now();
    const cluster: Cluster = await startCluster({ replicas: REPLICAS, saveChain: true });
    const bootS = (performance.now() - bootStart) / 1000;
    const caseStart = performance.now();
    const client = createServiceClient('faults', {
      TRANSPORT: 'nats',
      NATS_URL: cluster.env.NATS_URL,
      RPC_TIMEOUT_MS: 5_000,
    } as never);
    const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
    db.on('error', () => undefined); // its connections die with PostgreSQL
    const relayers = cluster.replicas.filter((r) => r.app === 'relayer');
    let streaming = true;
    let stream: Promise<void> = Promise.resolve();
    try {
      await client.connect();
      const mints = new MintStream(client, cluster.collection, 120_000);
      stream = (async () => {
        while (streaming) {
          mints.burst(1);
          await sleep(1000 / MINT_RATE);
        }
      })();
      const runs: Run[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const first = mints.issued;
        await sleep(TRAFFIC_MS);
        // the kill: both at the same moment
        const killedAt = performance.now();
        await Promise.all([cluster.chain.kill(), cluster.postgres.proc.kill()]);
        const detectedAt = await until503(relayers, 20_000);
        const detectionMs = detectedAt === undefined ? undefined : detectedAt - killedAt;
        const downMs = DOWN_MS + (run % 3) * DOWN_STEP_MS;
        await sleep(downMs);
        let stallMs: number | undefined;
        if (run % 2 === 0) {
          // the database back, the chain not: pending work that cannot move must say so within 10 s
          await cluster.postgres.restart();
          const back = performance.now();
          const stalledAt = await untilStalled(relayers, 20_000);
          stallMs = stalledAt === undefined ? Infinity : stalledAt - back;
          await cluster.chain.restart();
        } else await Promise.all([cluster.chain.restart(), cluster.postgres.restart()]);
        const restartedAt = performance.now();
        // every mint accepted until now (before, around and during the outage) and one asked for now
        const probeKey = mints.issued;
        mints.burst(1);
        let recoveryMs: number | undefined;
        while (performance.now() - restartedAt < 60_000) {
          const probe = [...mints.accepted.values()].find((m) => sequenceOf(m.key) === probeKey);
          const due = [...mints.accepted.values()].filter((m) => sequenceOf(m.key) <= probeKey);
          if (
            probe &&
            (await confirmedOf(
              db,
              due.map((m) => m.id),
            )) === due.length
          ) {
            recoveryMs = performance.now() - restartedAt;
            break;
          }
          await sleep(100);
        }
        runs.push({ run, detectionMs, downMs, stallMs, recoveryMs, issued: [first, mints.issued] });
        console.log(
          `run ${run}: 503 ${detectionMs?.toFixed(0) ?? '—'} ms after the kill, down ${downMs} ms${stallMs === undefined ? '' : `, stalled (chain still down) ${stallMs.toFixed(0)} ms after PostgreSQL's restart`}, recovered ${recoveryMs?.toFixed(0) ?? '—'} ms after the restart`,
        );
        if (recoveryMs === undefined) break; // the table says which run hung; the asserts below fail
      }
      streaming = false;
      await stream;
      await mints.settled();
      // the last requests confirmed too
      const accepted = [...mints.accepted.values()];
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250))
        if (
          (await confirmedOf(
            db,
            accepted.map((m) => m.id),
          )) === accepted.length
        )
          break;

      // the chain's word: Transfers from 0x0 per token, and the relayer's transactions into the collection
      const chain = createPublicClient({ transport: http(cluster.anvil.url, { batch: true }) });
      const logs = await chain.getLogs({
        address: cluster.collection,
        event: parseAbiItem(
          'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
        ),
        args: { from: zeroAddress },
        fromBlock: 0n,
      });
      const transfers = new Map<string, number>();
      for (const log of logs) {
        const id = String(log.args.tokenId);
        transfers.set(id, (transfers.get(id) ?? 0) + 1);
      }
      // every transaction of the relayer into the collection (a second one for a request would revert,
      // leaving no second Transfer: its calldata, mint(to, tokenId), appears twice)
      const relayer = privateKeyToAccount(RELAYER_KEY as Hex).address.toLowerCase();
      const head = await chain.getBlockNumber();
      const calls = new Map<string, number>();
      for (let from = 0n; from <= head; from += 50n) {
        const numbers = Array.from(
          { length: Number(head - from + 1n < 50n ? head - from + 1n : 50n) },
          (_, i) => from + BigInt(i),
        );
        const blocks = await Promise.all(
          numbers.map((blockNumber) => chain.getBlock({ blockNumber, includeTransactions: true })),
        );
        for (const block of blocks)
          for (const tx of block.transactions)
            if (tx.from.toLowerCase() === relayer && tx.to?.toLowerCase() === cluster.collection)
              calls.set(tx.input, (calls.get(tx.input) ?? 0) + 1);
      }
      const duplicateTxs = [...calls.values()].filter((n) => n > 1).length;

      const rows = runs.map((r) => {
        const mine = accepted.filter(
          (m) => sequenceOf(m.key) >= r.issued[0] && sequenceOf(m.key) < r.issued[1],
        );
        const minted = mine.filter((m) => transfers.has(m.tokenId)).length;
        return {
          ...r,
          requests: r.issued[1] - r.issued[0],
          accepted: mine.length,
          minted,
          lost: mine.length - minted,
          doubled: mine.filter((m) => (transfers.get(m.tokenId) ?? 0) > 1).length,
        };
      });
      const recoveries = runs.flatMap((r) => (r.recoveryMs === undefined ? [] : [r.recoveryMs]));
      const detections = runs.flatMap((r) => (r.detectionMs === undefined ? [] : [r.detectionMs]));
      const lost = accepted.filter((m) => !transfers.has(m.tokenId)).length;
      const doubled = [...transfers.values()].filter((n) => n > 1).length;
      const extra = logs.length - accepted.length;
      const ms = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(0));
      console.log(
        [
          `\nchain + PostgreSQL killed at once (kill -9), ${RUNS} times: ${REPLICAS} relayer replicas, mints requested at ${MINT_RATE}/s throughout, ${TRAFFIC_MS} ms of traffic before each kill, both down ${DOWN_MS}–${DOWN_MS + 2 * DOWN_STEP_MS} ms after the relayer is not ready (even runs: PostgreSQL back first, the chain only once the relayer says it is stalled); anvil restarted from the state saved after each block; recovery counted from the restart of the last of the two\n`,
          '| run | down ms | 503 after kill ms | chain-only stall 503 ms | recovery ms | requests | accepted | minted | lost | doubled |',
          '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...rows.map(
            (r) =>
              `| ${r.run} | ${r.downMs} | ${ms(r.detectionMs)} | ${ms(r.stallMs)} | ${ms(r.recoveryMs)} | ${r.requests} | ${r.accepted} | ${r.minted} | ${r.lost} | ${r.doubled} |`,
          ),
          '',
          `recovery (restart of both → every accepted mint confirmed and a new one confirmed): max ${ms(Math.max(...recoveries))} ms, p50 ${ms(percentile(recoveries, 50))} ms; readiness 503 after the kill: max ${ms(Math.max(...detections))} ms, p50 ${ms(percentile(detections, 50))} ms`,
          `mints: ${mints.issued} requested, ${accepted.length} accepted; on chain ${logs.length} Transfers from 0x0: ${lost} lost, ${doubled} doubled, ${extra} extra; ${duplicateTxs} requests sent in more than one mined transaction; case took ${((performance.now() - caseStart) / 1000).toFixed(0)} s after a cluster start of ${bootS.toFixed(0)} s`,
        ].join('\n'),
      );
      const missing = accepted.filter((m) => !transfers.has(m.tokenId));
      if (missing.length > 0)
        console.log(await describeLost(db, chain, cluster.collection, relayer, missing));
      assert.equal(runs.length, RUNS, `every run recovered (run ${runs.length} did not within 60 s)`);
      assert.equal(
        accepted.length,
        mints.issued,
        'every request accepted in the end (retried under its key)',
      );
      assert.deepEqual(
        { lost, doubled, extra, duplicateTxs },
        { lost: 0, doubled: 0, extra: 0, duplicateTxs: 0 },
      );
      for (const r of runs) {
        assert.ok(
          r.detectionMs !== undefined && r.detectionMs <= DETECT_LIMIT_MS,
          `run ${r.run}: readiness 503 within 10 s of the kill (${ms(r.detectionMs)} ms)`,
        );
        if (r.stallMs !== undefined)
          assert.ok(
            r.stallMs <= DETECT_LIMIT_MS,
            `run ${r.run}: with the chain down, readiness says 'progress' within 10 s (${ms(r.stallMs)} ms)`,
          );
        assert.ok(
          r.recoveryMs !== undefined && r.recoveryMs <= RECOVERY_LIMIT_MS,
          `run ${r.run}: recovered within 30 s (${ms(r.recoveryMs)} ms)`,
        );
      }
    } catch (error) {
      console.log(cluster.output());
      throw error;
    } finally {
      streaming = false;
      await stream;
      await client.close().catch(() => undefined);
      await db.end().catch(() => undefined);
      await cluster.stop();
    }
  },
);
