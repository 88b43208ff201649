import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { User } from './usersApi.js';
import { DEFAULT_USERS_VIEW, matches, viewUsers } from './usersView.js';

const user = (id: number, address: string, balance = '0', userAddress: string | null = null): User => ({
  id,
  address,
  balance,
  userAddress,
  isSuperAdmin: id === 1,
  created: new Date(Date.UTC(2026, 0, id)).toISOString(),
});

const users = Array.from({ length: 45 }, (_, i) =>
  user(i + 1, i === 0 ? 'admin' : `user-${String(i + 1).padStart(2, '0')}`, String((i * 7) % 13)),
);

test('newest first by default, 20 a page, and the last page holds the rest', () => {
  const first = viewUsers(users, DEFAULT_USERS_VIEW);
  assert.deepEqual(first.rows.map((u) => u.id).slice(0, 3), [45, 44, 43]);
  assert.equal(first.rows.length, 20);
  assert.deepEqual({ total: first.total, pages: first.pages }, { total: 45, pages: 3 });
  const last = viewUsers(users, { ...DEFAULT_USERS_VIEW, page: 2 });
  assert.deepEqual(
    last.rows.map((u) => u.id),
    [5, 4, 3, 2, 1],
  );
  assert.equal(
    viewUsers(users, { ...DEFAULT_USERS_VIEW, page: 99 }).page,
    2,
    'a page past the end is the last',
  );
});

test('search by name, id or wallet address, in any case; paging restarts inside the result', () => {
  const wallet = '0xAbCdEf0000000000000000000000000000000001';
  const withWallet = [...users, user(46, wallet.toLowerCase(), '0', wallet.toLowerCase())];
  assert.deepEqual(
    viewUsers(withWallet, { ...DEFAULT_USERS_VIEW, search: 'ADMIN' }).rows.map((u) => u.id),
    [1],
  );
  assert.deepEqual(
    viewUsers(withWallet, { ...DEFAULT_USERS_VIEW, search: '46' }).rows.map((u) => u.id),
    [46],
  );
  assert.deepEqual(
    viewUsers(withWallet, { ...DEFAULT_USERS_VIEW, search: 'abcdef' }).rows.map((u) => u.id),
    [46],
  );
  assert.equal(matches(users[3], '  '), true);
  const some = viewUsers(users, { ...DEFAULT_USERS_VIEW, search: 'user-1', page: 3 });
  assert.deepEqual({ total: some.total, page: some.page }, { total: 10, page: 0 });
});

test('sorting by name, balance and creation, both ways', () => {
  const byName = viewUsers(users, { ...DEFAULT_USERS_VIEW, sort: 'address', direction: 'asc' });
  assert.equal(byName.rows[0].address, 'admin');
  assert.equal(byName.rows[1].address, 'user-02');
  const byBalance = viewUsers(users, {
    ...DEFAULT_USERS_VIEW,
    sort: 'balance',
    direction: 'desc',
    pageSize: 100,
  });
  const balances = byBalance.rows.map((u) => Number(u.balance));
  assert.deepEqual(
    balances,
    [...balances].sort((a, b) => b - a),
  );
  const oldest = viewUsers(users, { ...DEFAULT_USERS_VIEW, sort: 'created', direction: 'asc' });
  assert.equal(oldest.rows[0].id, 1);
});
