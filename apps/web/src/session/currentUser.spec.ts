import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createApi } from '../lib/api.js';
import { createQueryClient } from '../providers/queryClient.js';
import { CURRENT_USER_QUERY_KEY, endSession, fetchCurrentUser } from './currentUser.js';

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

const user = {
  id: 3,
  address: 'alice',
  created: '2024-01-05T07:08:09.000Z',
  balance: '0',
  isSuperAdmin: false,
  userAddress: null,
};

test('GET /json/user: the user, null on 401, an error otherwise', async () => {
  assert.deepEqual(await fetchCurrentUser(createApi(async () => json(user))), user);
  const anonymous = createApi(async () => json({ error: 'unauthorized', errorMessage: 'login first' }, 401));
  assert.equal(await fetchCurrentUser(anonymous), null);
  const down = createApi(async () => {
    throw new TypeError('Failed to fetch');
  });
  await assert.rejects(fetchCurrentUser(down), { message: 'server error' });
});

test('endSession clears the user and user-scoped data, keeping public data', async () => {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  await client.prefetchQuery({
    queryKey: ['users'],
    queryFn: async () => [user],
    meta: { userScoped: true },
  });
  await client.prefetchQuery({ queryKey: ['nft', 1], queryFn: async () => ({ id: 1 }) });
  await endSession(client);
  assert.equal(client.getQueryData(CURRENT_USER_QUERY_KEY), null);
  assert.equal(client.getQueryData(['users']), undefined);
  assert.deepEqual(client.getQueryData(['nft', 1]), { id: 1 });
  // The 24 h garbage-collection timers would keep the test process alive.
  client.clear();
});
