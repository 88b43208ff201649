import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createDatabase, runMigrations } from '@metatag/db';
import { RELAYER_EVENTS } from '@metatag/events';
import { outboxEvent } from '@metatag/outbox';
import { relayerOutbox } from '../outbox/relayer-outbox.js';
import { freshDatabaseUrl } from '../testing/relayer.fixture.js';
import { TxSettledSignal } from './tx-settled.signal.js';

// Limited creation answers with the father's hash by following `tx.sent` as the outbox stores it
// (issue #31 item 1): a relayer replica waiting for it must wake when the sender's transaction
// commits — also when another replica sent it — and not before.
const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
const logger = pino({ level: 'silent' });

const sentPayload = {
  id: '1',
  idempotencyKey: 'k',
  kind: 'mint',
  chainId: 1337,
  from: `0x${'11'.repeat(20)}`,
  to: `0x${'22'.repeat(20)}`,
  nonce: 0,
  txHash: `0x${'33'.repeat(32)}`,
  replaces: null,
  maxFeePerGas: '1',
  maxPriorityFeePerGas: '1',
};

/** Resolves with whether `wait` finished within `ms`. */
const within = (wait: Promise<void>, ms: number) =>
  Promise.race([wait.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

test('a waiting replica wakes when a tx.sent is committed by another, not before and not for other events', async () => {
  // the relayer's migrations name their schema: a database of its own
  const database = await freshDatabaseUrl();
  const sender = createDatabase({ url: database.url, schema: 'relayer' });
  const replica = createDatabase({ url: database.url, schema: 'relayer' });
  const signal = new TxSettledSignal(replica, logger);
  try {
    await runMigrations(sender, migrations);
    const outbox = relayerOutbox({
      database: sender,
      client: { emit: async () => {} },
      logger,
      transport: 'nats',
    });

    // a later fact of a transaction already handed over wakes nobody
    const quiet = await signal.arm(10_000);
    const { replaces: _replaces, maxFeePerGas: _max, maxPriorityFeePerGas: _tip, ...base } = sentPayload;
    await outbox.add(sender.db, [
      outboxEvent(RELAYER_EVENTS.txConfirmed, { ...base, blockNumber: '5', gasUsed: '21000' }),
    ]);
    assert.equal(await within(quiet(), 300), false, 'tx.confirmed woke a waiter');

    // tx.sent inside an open transaction: nothing until it commits, then at once
    const wait = (await signal.arm(10_000))();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const committing = sender.db.transaction(async (tx) => {
      await outbox.add(tx, [outboxEvent(RELAYER_EVENTS.txSent, sentPayload)]);
      await held;
    });
    assert.equal(await within(wait, 300), false, 'woken before the commit');
    release();
    await committing;
    // the wait's own bound is 10 s: waking within 2 s is the notification's doing (no time is
    // asserted tighter than that: the CI runs this beside the browser tier)
    assert.equal(await within(wait, 2_000), true, 'not woken by the committed tx.sent');

    // the bound: without any notification the wait ends after its time
    const bounded = (await signal.arm(200))();
    assert.equal(await within(bounded, 2_000), true);
  } finally {
    await signal.onModuleDestroy();
    await sender.close();
    await replica.close();
    await database.drop();
  }
});
