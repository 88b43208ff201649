import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '@metatag/nest-kit';
import { DUE_LEASE_MS, DUE_MAX_ATTEMPTS } from '../outbox/due-work.js';
import { ShopEmailsService } from './shop-emails.service.js';
import { ShopOrderRepository } from './shop-order.repository.js';
import { useFreshChiplinksDatabase } from '../testing/fresh-database.fixture.js';

// The shop buyers' emails as due work (decision 112) on a real PostgreSQL: a delivery makes a line's
// email due with its log entry (once: a redelivery while it is due changes nothing), two mailers never
// claim the same line, a claimed line is the claimer's until its lease ends, a failure is retried later,
// a sent line is never due again, and the last failed try is written to the delivery log. Each mailer
// has its own pool, as two gateways' chiplinks replicas would.
const db = useFreshChiplinksDatabase('shop_emails');

const ownerId = 7;
const email = 'bea.buyer@example.org';

/** What the order step leaves: a claimed line with its links, then the delivery's entry arming the email. */
async function paidOrder(repo: ShopOrderRepository, orderId: string, lines: number, at: Date) {
  const lineIds = Array.from({ length: lines }, (_, i) => `l${i}`);
  for (const lineId of lineIds) {
    assert.ok(await repo.claim({ ownerId, orderId, lineId, nftId: 1, quantity: 1, emailHash: null }));
    await repo.setLinks({ ownerId, orderId, lineId }, [`link-${orderId}-${lineId}`]);
  }
  const entry = { ownerId, orderId, outcome: 'links_created' as const, matched: lines, linksCreated: lines };
  return repo.recordDelivery(entry, { lineIds, email, at });
}

test('two mailers claim disjoint emails; a lease ends; a redelivery does not arm twice', async () => {
  const [a, b] = [new ShopOrderRepository(db.first), new ShopOrderRepository(db.second)];
  const now = new Date('2026-11-29T12:00:00Z');
  const order = await paidOrder(a, 'o1', 30, now);
  assert.equal(order.due.length, 30);
  // a redelivery of the same order while its emails are due arms nothing and keeps their schedule
  const again = await a.recordDelivery(
    { ownerId, orderId: 'o1', outcome: 'already_processed' },
    { lineIds: order.due, email, at: new Date(now.getTime() + 60_000) },
  );
  assert.deepEqual(again.due, []);

  const lease = new Date(now.getTime() + DUE_LEASE_MS);
  const claims = await Promise.all(
    Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).claimEmails(now, lease, 5)),
  );
  const claimed = claims.flat().map((r) => r.lineId);
  assert.equal(claimed.length, 30, 'every due email claimed');
  assert.equal(new Set(claimed).size, 30, 'none twice');
  assert.ok(
    claims
      .flat()
      .every((r) => r.emailAttempts === 1 && r.emailTo === email && r.deliveryId === order.deliveryId),
  );
  assert.equal((await b.claimEmails(new Date(lease.getTime() - 1), lease, 100)).length, 0, 'leased');
  const expired = await b.claimEmails(lease, new Date(lease.getTime() + DUE_LEASE_MS), 100);
  assert.equal(expired.length, 30, 'due again once the lease ends: the claimer may have died');
  for (const row of expired) await a.settleEmail(row, lease, true, null);
  const farLater = new Date(lease.getTime() + 100 * DUE_LEASE_MS);
  assert.equal((await b.claimEmails(farLater, farLater, 100)).length, 0, 'a sent email is never due again');
});

test('a failure comes back later, a sent email never; the last failed try is in the delivery log', async () => {
  const repo = new ShopOrderRepository(db.first);
  const clock = new ManualClock(new Date('2026-11-29T13:00:00Z'));
  const emails = new ShopEmailsService(repo, clock);
  const { deliveryId } = await paidOrder(repo, 'o2', 2, clock.now());

  const batch = await emails.claimEmails({ limit: 10 });
  assert.deepEqual(
    batch.items.map((i) => [i.lineId, i.email, i.attempt, i.linkIds]),
    [
      ['l0', email, 1, ['link-o2-l0']],
      ['l1', email, 1, ['link-o2-l1']],
    ],
  );
  const report = (lineId: string, sent: boolean, detail: string) =>
    emails.emailResult({ ownerId, orderId: 'o2', lineId, sent, detail });
  await report('l0', true, 'email sent to the buyer (1 link(s))');
  await report('l1', false, 'email failed: 451 busy');
  const sent = await repo.find({ ownerId, orderId: 'o2', lineId: 'l0' });
  assert.ok(
    sent?.emailedAt && sent.emailDueAt === null && sent.emailTo === null,
    'sent: done, address forgotten',
  );
  let log = (await repo.deliveries(ownerId, 10)).find((d) => d.id === deliveryId)!;
  assert.equal(log.outcome, 'email_sent');
  assert.equal(
    log.detail,
    'email sent to the buyer (1 link(s))',
    'an attempt that will be retried is not logged',
  );

  // the failed one is due 5 s later, then spaced further, until the tries run out
  clock.advance(4_999);
  assert.deepEqual((await emails.claimEmails({ limit: 10 })).items, []);
  for (let attempt = 2; attempt <= DUE_MAX_ATTEMPTS; attempt++) {
    clock.advance(3_600_000);
    const { items } = await emails.claimEmails({ limit: 10 });
    assert.deepEqual(
      items.map((i) => [i.lineId, i.attempt]),
      [['l1', attempt]],
      `attempt ${attempt}`,
    );
    await report('l1', false, 'email failed: 451 busy');
  }
  clock.advance(3_600_000);
  assert.deepEqual((await emails.claimEmails({ limit: 10 })).items, [], 'given up');
  const failed = await repo.find({ ownerId, orderId: 'o2', lineId: 'l1' });
  assert.ok(failed?.emailedAt === null && failed.emailDueAt === null && failed.emailTo === null);
  log = (await repo.deliveries(ownerId, 10)).find((d) => d.id === deliveryId)!;
  assert.equal(log.outcome, 'email_failed');
  assert.equal(
    log.detail,
    `email sent to the buyer (1 link(s)); email failed: 451 busy (gave up after ${DUE_MAX_ATTEMPTS} attempts)`,
  );
  // a late report of a sent line changes nothing; WooCommerce delivering the order again re-arms the failed one
  await report('l0', false, 'email failed: late');
  assert.ok((await repo.find({ ownerId, orderId: 'o2', lineId: 'l0' }))?.emailedAt);
  const redelivery = await repo.recordDelivery(
    { ownerId, orderId: 'o2', outcome: 'already_processed' },
    { lineIds: ['l0', 'l1'], email, at: clock.now() },
  );
  assert.deepEqual(redelivery.due, ['l1']);
});
