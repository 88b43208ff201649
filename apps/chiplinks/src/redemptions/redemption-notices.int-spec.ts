import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RedemptionRepository } from './redemption.repository.js';
import {
  DUE_LEASE_MS as NOTIFY_LEASE_MS,
  DUE_MAX_ATTEMPTS as NOTIFY_MAX_ATTEMPTS,
  retryAt,
} from '../outbox/due-work.js';
import { useFreshChiplinksDatabase } from '../testing/fresh-database.fixture.js';

// The redemption notices' claims (decision 105) on a real PostgreSQL: two replicas claiming at once
// never take the same notice, a claimed notice is nobody else's until its lease ends (then it is due
// again: the claimer may have died), a failed one comes back later, and the follower's cursor never
// moves back. Each replica has its own pool, as two processes would.
const db = useFreshChiplinksDatabase('notices');

const at = (iso: string) => new Date(iso);

test('two replicas claim disjoint notices; a lease ends, a failure comes back later', async () => {
  const [a, b] = [new RedemptionRepository(db.first), new RedemptionRepository(db.second)];
  const due = at('2026-11-29T12:00:00Z');
  for (let i = 0; i < 40; i++)
    await a.record({
      chain: 'ganache',
      collection: '0x00000000000000000000000000000000000000aa',
      tokenId: String(i + 1),
      nftId: 1,
      chiplinkId: `chip${i}`,
      holder: '0x00000000000000000000000000000000000000bb',
      burned: true,
      kind: 'good',
      description: 'A good',
      txHash: `0x${String(i).padStart(64, '0')}`,
      redeemedAt: due,
      notifyDueAt: i < 30 ? due : null, // ten have nobody to tell
    });
  const now = at('2026-11-29T12:00:01Z');
  const lease = new Date(now.getTime() + NOTIFY_LEASE_MS);
  // a replica in the middle of its claim holds its rows locked: another one skips them, without waiting
  const holder = await db.first.pool.connect();
  try {
    await holder.query('BEGIN');
    const { rows: held } = await holder.query<{ id: number }>(
      `SELECT id FROM chiplinks.redemptions WHERE notify_due_at IS NOT NULL ORDER BY notify_due_at, id
        LIMIT 4 FOR UPDATE`,
    );
    const meanwhile = await b.claimDue(now, lease, 4);
    assert.equal(meanwhile.length, 4);
    assert.ok(
      meanwhile.every((r) => !held.some((h) => h.id === r.id)),
      'locked rows are skipped',
    );
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
  // both replicas at once, several rounds each, until neither finds anything due
  const taken: number[][] = [[], []];
  await Promise.all(
    [a, b].map(async (repo, i) => {
      for (;;) {
        const rows = await repo.claimDue(now, lease, 4);
        if (rows.length === 0) return;
        taken[i]!.push(...rows.map((r) => r.id));
      }
    }),
  );
  const all = [...taken[0]!, ...taken[1]!];
  assert.equal(all.length, 26, 'every due notice claimed (4 were claimed above)');
  assert.equal(new Set(all).size, 26, 'none claimed twice');

  // leased: nothing is due before the lease ends; then all of them are (their claimer may have died)
  assert.equal((await b.claimDue(new Date(lease.getTime() - 1), lease, 100)).length, 0);
  const again = await b.claimDue(lease, new Date(lease.getTime() + NOTIFY_LEASE_MS), 100);
  assert.equal(again.length, 30);
  assert.ok(again.every((r) => r.notifyAttempts === 2));

  // told: never due again; failed: due at the retry time, with what was delivered kept
  const [told, failed] = again;
  await a.settle(told!.id, lease, { emailed: true, webhook: true }, null);
  const next = retryAt(lease, failed!.notifyAttempts)!;
  assert.equal(next.getTime() - lease.getTime(), 10_000, 'the second attempt waits 10 s');
  const settled = await a.settle(failed!.id, lease, { emailed: true, webhook: false }, next);
  assert.equal(settled?.emailedAt?.getTime(), lease.getTime());
  assert.equal(settled?.webhookAt, null);
  const later = new Date(lease.getTime() + 2 * NOTIFY_LEASE_MS);
  const ids = (await a.claimDue(later, new Date(later.getTime() + NOTIFY_LEASE_MS), 100)).map((r) => r.id);
  assert.ok(!ids.includes(told!.id), 'a told notice is not claimed again');
  assert.ok(ids.includes(failed!.id), 'a failed one is');
  assert.equal(retryAt(later, NOTIFY_MAX_ATTEMPTS), null, 'the attempts are bounded');

  // a late report claims only a notice that is due: not one leased (just claimed above), not one told
  assert.equal(await b.claimIfDue(failed!.id, later, lease), undefined, 'leased');
  assert.equal(await b.claimIfDue(told!.id, later, lease), undefined, 'told');
  const untouched = again.find((r) => r.id !== told!.id && r.id !== failed!.id)!;
  const farLater = new Date(later.getTime() + 10 * NOTIFY_LEASE_MS);
  const farLease = new Date(farLater.getTime() + NOTIFY_LEASE_MS);
  assert.equal((await b.claimIfDue(untouched.id, farLater, farLease))?.id, untouched.id, 'due: claimed once');
  assert.equal(await a.claimIfDue(untouched.id, farLater, farLease), undefined, 'and not twice');
});

test("the follower's cursor moves forward only", async () => {
  const repo = new RedemptionRepository(db.first);
  assert.deepEqual(await repo.cursor(1337), { chainId: 1337, blockNumber: -1n, logIndex: -1 });
  await repo.advance({ chainId: 1337, blockNumber: 40n, logIndex: 2 });
  await repo.advance({ chainId: 1337, blockNumber: 39n, logIndex: 9 }); // a slower replica's page
  assert.deepEqual(await repo.cursor(1337), { chainId: 1337, blockNumber: 40n, logIndex: 2 });
  await repo.advance({ chainId: 1337, blockNumber: 40n, logIndex: 3 });
  assert.deepEqual(await repo.cursor(1337), { chainId: 1337, blockNumber: 40n, logIndex: 3 });
});
