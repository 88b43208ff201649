import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RpcRequestError, type PublicClient } from 'viem';
import type { Logger } from 'pino';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { LocalSigner, initialFees, type ChainHandle, type FeeOracle } from '@metatag/chain';
import type { Outbox, OutboxEvent } from '@metatag/outbox';
import type { Broadcaster } from './broadcaster.js';
import type { NonceManager } from './nonce.manager.js';
import type { SignedVersion, TransactionRepository, TransactionRow } from './transaction.repository.js';
import type { FeeLedger } from '../fees/fee-ledger.js';
import { NOT_ENOUGH_FOR_FEES, TxSender } from './tx-sender.js';

// The sender's nonce logic with in-memory fakes of its ports: what it locks, assigns, stores and
// broadcasts. The database-backed behaviour is covered by the integration tests.
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const signer = new LocalSigner(KEY);

function row(id: string, over: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id,
    idempotencyKey: `key-${id}`,
    kind: 'mint',
    chainId: 1337,
    fromAddress: signer.key,
    toAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    data: '0x',
    value: 0n,
    status: 'queued',
    nonce: null,
    gasLimit: null,
    maxFeePerGas: null,
    maxPriorityFeePerGas: null,
    rawTx: null,
    txHash: null,
    previousHashes: [],
    attempts: 0,
    lastError: null,
    blockNumber: null,
    blockHash: null,
    gasUsed: null,
    effectiveGasPrice: null,
    accountId: null,
    fillsFor: null,
    createdAt: new Date(Number(id.replace(/\D/g, '')) || 0),
    signedAt: null,
    broadcastAt: null,
    finishedAt: null,
    ...over,
  };
}

interface World {
  next: number;
  rows: Map<string, TransactionRow>;
  signed: SignedVersion[];
  broadcasts: string[];
  events: OutboxEvent[];
  failed: { id: string; reason: string }[];
  inserted: TransactionRow[];
  estimateError?: Error;
  broadcastError?: (raw: string) => Error | undefined;
  chainPending: number;
  syncs: number;
  /** What each paid transaction's account can still reserve (wei); absent = unlimited. */
  canReserve?: bigint;
  topUps: { reference: string; worst: bigint }[];
  closed: string[];
}

function sender(world: World): TxSender {
  const tx = {};
  const db = { transaction: async <T>(fn: (t: object) => Promise<T>) => fn(tx) } as unknown as NodePgDatabase;
  const nonces = {
    sync: async (_c: number, _a: string, pending: number) => {
      world.syncs += 1;
      world.next = Math.max(world.next, pending);
      return world.next;
    },
    lock: async () => world.next,
    advance: async (_t: object, _c: number, _a: string, next: number) => {
      world.next = next;
    },
  } as unknown as NonceManager;
  const txs = {
    lockQueued: async (_t: object, ids: string[]) =>
      ids.map((id) => world.rows.get(id)).filter((r): r is TransactionRow => r?.status === 'queued'),
    markSigned: async (_t: object, versions: SignedVersion[]) => {
      for (const v of versions) {
        world.signed.push(v);
        const r = world.rows.get(v.id);
        if (r) world.rows.set(v.id, { ...r, status: 'sent', nonce: v.nonce, txHash: v.hash, rawTx: v.raw });
      }
    },
    markBroadcast: async () => undefined,
    failQueued: async (_t: object, id: string, reason: string) => {
      world.failed.push({ id, reason });
      const r = world.rows.get(id);
      return r && { ...r, status: 'failed', lastError: reason };
    },
    failSent: async (_t: object, id: string, reason: string) => {
      world.failed.push({ id, reason });
      const r = world.rows.get(id);
      return r && { ...r, status: 'failed', lastError: reason };
    },
    insertSent: async (_t: object, values: TransactionRow) => {
      const inserted = row(`fill-${world.inserted.length}`, values);
      world.inserted.push(inserted);
      return inserted;
    },
  } as unknown as TransactionRepository;
  const outbox = {
    add: async (_t: object, events: OutboxEvent[]) => void world.events.push(...events),
  } as unknown as Outbox;
  const client = {
    request: async () => {
      if (world.estimateError) throw world.estimateError;
      return '0x186a0';
    },
    getTransactionCount: async () => world.chainPending,
  } as unknown as PublicClient;
  const fees = { current: async () => initialFees(1_000_000_000n) } as unknown as FeeOracle;
  const chain = { name: 'ganache', chainId: 1337, rpcUrl: 'http://x', client, fees } as ChainHandle;
  const broadcaster: Broadcaster = {
    broadcast: async (_c, _id, raw) => {
      world.broadcasts.push(raw);
      const error = world.broadcastError?.(raw);
      if (error) throw error;
    },
  };
  const logger = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
  const ledger = {
    topUp: async (_t: object, reference: string, worst: bigint) => {
      world.topUps.push({ reference, worst });
      return world.canReserve === undefined || worst <= world.canReserve;
    },
    close: async (_t: object, closes: { reference: string }[]) =>
      void world.closed.push(...closes.map((c) => c.reference)),
  } as unknown as FeeLedger;
  return new TxSender({ chain, signer, db, nonces, txs, outbox, broadcaster, ledger, logger });
}

const world = (over: Partial<World> = {}): World => ({
  next: 0,
  rows: new Map(),
  signed: [],
  broadcasts: [],
  events: [],
  failed: [],
  inserted: [],
  chainPending: 0,
  syncs: 0,
  topUps: [],
  closed: [],
  ...over,
});

const settle = () => new Promise((r) => setTimeout(r, 20));

test('concurrent sends get consecutive nonces from the synced start, in request order, each once', async () => {
  const w = world({ chainPending: 5 });
  const s = sender(w);
  const rows = Array.from({ length: 40 }, (_, i) => row(`t${i + 1}`));
  for (const r of rows) w.rows.set(r.id, r);
  const results = await Promise.all([...rows].reverse().map((r) => s.send(r)));
  await s.idle();
  assert.ok(results.every((r) => r === 'sent'));
  assert.equal(w.syncs, 1, 'the chain is asked once');
  assert.deepEqual(
    w.signed.map((v) => v.nonce).sort((a, b) => a - b),
    Array.from({ length: 40 }, (_, i) => 5 + i),
  );
  // Rows created first get the lower nonces.
  const nonceOf = new Map(w.signed.map((v) => [v.id, v.nonce]));
  assert.ok((nonceOf.get('t1') ?? 0) < (nonceOf.get('t40') ?? 0));
  assert.equal(w.next, 45);
  assert.ok(s.stats.batches < 40, 'sends arriving together share a batch');
  assert.equal(w.broadcasts.length, 40);
  assert.equal(w.events.filter((e) => e.subject === 'tx.sent').length, 40);
});

test('a transaction someone else already took is skipped and costs no nonce', async () => {
  const w = world();
  const s = sender(w);
  const gone = row('t1', { status: 'sent' });
  w.rows.set(gone.id, gone);
  const fresh = row('t2');
  w.rows.set(fresh.id, fresh);
  assert.equal(await s.send(row('t1')), 'skipped');
  assert.equal(await s.send(fresh), 'sent');
  assert.deepEqual(
    w.signed.map((v) => [v.id, v.nonce]),
    [['t2', 0]],
  );
});

test('a call that would revert fails before it takes a nonce', async () => {
  const w = world({
    estimateError: new RpcRequestError({
      body: {},
      url: 'http://x',
      error: { code: 3, message: 'execution reverted' },
    }),
  });
  const s = sender(w);
  const r = row('t1');
  w.rows.set(r.id, r);
  assert.equal(await s.send(r), 'failed');
  assert.equal(w.next, 0);
  assert.equal(w.signed.length, 0);
  assert.equal(w.failed[0]?.id, 't1');
  assert.equal(w.events[0]?.subject, 'tx.failed');
});

test('node trouble while estimating is retried by the job, not recorded as a failure', async () => {
  const w = world({ estimateError: new Error('fetch failed') });
  const s = sender(w);
  const r = row('t1');
  w.rows.set(r.id, r);
  await assert.rejects(s.send(r), /fetch failed/);
  assert.equal(w.failed.length, 0);
});

test('a transaction the node refuses for good is failed and its nonce filled by a self-transfer', async () => {
  const w = world();
  let first = true;
  w.broadcastError = () => {
    if (!first) return undefined;
    first = false;
    return new RpcRequestError({
      body: {},
      url: 'http://x',
      error: { code: -32000, message: 'intrinsic gas too low' },
    });
  };
  const s = sender(w);
  const r = row('t1', { gasLimit: 1000n });
  w.rows.set(r.id, r);
  assert.equal(await s.send(r), 'sent');
  await s.idle();
  await settle();
  assert.match(w.failed[0]?.reason ?? '', /intrinsic gas too low/);
  const fill = w.inserted[0];
  assert.ok(fill, 'a nonce-fill was stored');
  assert.equal(fill.kind, 'nonce-fill');
  assert.equal(fill.nonce, 0, 'at the refused nonce');
  assert.equal(fill.toAddress, signer.key);
  assert.equal(w.broadcasts.length, 2);
  assert.equal(w.next, 1, 'the sequence moves on by one only');
});

test('"nonce too low" on fresh bytes makes the sender compare with the chain again', async () => {
  const w = world({ chainPending: 0 });
  w.broadcastError = () =>
    new RpcRequestError({ body: {}, url: 'http://x', error: { code: -32000, message: 'nonce too low' } });
  const s = sender(w);
  const a = row('t1');
  w.rows.set(a.id, a);
  await s.send(a);
  await s.idle();
  assert.equal(s.stats.nonceErrors, 1);
  w.broadcastError = undefined;
  w.chainPending = 7; // the key was used elsewhere
  const b = row('t2');
  w.rows.set(b.id, b);
  await s.send(b);
  assert.equal(w.syncs, 2);
  assert.equal(w.signed.at(-1)?.nonce, 7, 'the nonces used elsewhere are skipped');
});

test("a paid transaction whose account cannot cover today's fee fails before it takes a nonce", async () => {
  // estimate 100,000 gas + 20 % = 120,000; max fee at a 1 gwei base fee = 1.2 gwei + 1.5 gwei tip
  const worst = 120_000n * initialFees(1_000_000_000n).maxFeePerGas;
  const w = world({ canReserve: worst - 1n });
  const s = sender(w);
  const unpaid = row('t1');
  const poor = row('t2', { accountId: 7 });
  for (const r of [unpaid, poor]) w.rows.set(r.id, r);
  const results = await Promise.all([s.send(unpaid), s.send(poor)]);
  await s.idle();
  assert.deepEqual(w.topUps, [{ reference: 'key-t2', worst }], 'only the paid one asks its ledger');
  assert.deepEqual(w.failed, [{ id: 't2', reason: NOT_ENOUGH_FOR_FEES }]);
  assert.deepEqual(w.closed, ['key-t2'], 'its hold is released');
  assert.deepEqual(
    w.signed.map((v) => [v.id, v.nonce]),
    [['t1', 0]],
    'the unpaid one keeps the nonce sequence gapless',
  );
  assert.equal(results[0], 'sent');
  assert.ok(w.events.some((e) => e.subject === 'tx.failed'));

  const rich = world({ canReserve: worst });
  const s2 = sender(rich);
  const paid = row('t3', { accountId: 7 });
  rich.rows.set(paid.id, paid);
  assert.equal(await s2.send(paid), 'sent');
  assert.deepEqual(rich.failed, []);
});
