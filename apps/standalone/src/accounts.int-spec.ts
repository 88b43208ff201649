import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ManualClock } from '@metatag/nest-kit';
import { ADMIN_PASSWORD, Client, startTestStack, type TestStack } from './testing/stack.fixture.js';

// Accounts through the real gateway and auth service on a real PostgreSQL, with an injected clock.
const clock = new ManualClock(new Date());
let stack: TestStack;

before(async () => {
  stack = await startTestStack({ clock });
});
after(() => stack?.stop());

const admin = async () => {
  const client = new Client(stack.url);
  const res = await client.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return client;
};

/** GET with a chosen Host header (fetch will not send one). */
function getWithHost(url: string, host: string): Promise<{ message: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve(JSON.parse(body) as { message: string }));
    })
      .on('error', reject)
      .end();
  });
}

async function walletSignIn(client: Client, key = generatePrivateKey(), host?: string) {
  const account = privateKeyToAccount(key);
  const address = account.address.toLowerCase();
  const path = `/auth/nonce?address=${address}`;
  const message = host
    ? (await getWithHost(`${stack.url}${path}`, host)).message
    : ((await client.call('GET', path)).body.message as string);
  assert.match(message, /wants you to sign in/);
  const signature = await account.signMessage({ message });
  return { account, address, signature, message };
}

test('the bootstrap super admin signs in with a password; the cookie is HttpOnly and Lax', async () => {
  const client = new Client(stack.url);
  const res = await client.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    ok: true,
    user: { id: (res.body.user as { id: number }).id, address: 'admin', isSuperAdmin: true },
  });
  assert.match(res.setCookie ?? '', /HttpOnly/);
  assert.match(res.setCookie ?? '', /SameSite=Lax/);
  assert.doesNotMatch(res.setCookie ?? '', /Secure/, 'no Secure flag on localhost');
  const me = await client.call('GET', '/json/user');
  assert.equal(me.status, 200);
  assert.equal(me.body.address, 'admin');
  assert.equal(me.body.isSuperAdmin, true);
});

test('a wrong password answers ok false with the spec text', async () => {
  const res = await new Client(stack.url).call('POST', '/password-login', {
    name: 'admin',
    password: 'nope-nope-nope',
  });
  assert.equal(res.status, 401);
  assert.deepEqual(res.body, { ok: false, error: 'invalid_password', errorMessage: 'invalid password' });
});

test('super admin creates a user and sets its password; that user signs in, is not a super admin, logs out', async () => {
  const boss = await admin();
  const name = `user${Date.now()}`;
  const created = await boss.call('POST', '/json/users', { address: name });
  assert.equal(created.status, 201);
  assert.equal(created.body.address, name);
  assert.equal((await boss.call('POST', '/json/users', { address: name })).status, 409);
  // a name that starts like an address must be a whole one (#30: the users table took `0x…a4zz`)
  const partial = `0x${'5b38da6a701c568545dcfcb03fcb875f56bedd'}zz`;
  const refused = await boss.call('POST', '/json/users', { address: partial });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  assert.match(JSON.stringify(refused.body), /Invalid address/);
  const renamed = await boss.call('PUT', `/json/users/${created.body.id}`, { address: partial });
  assert.equal(renamed.status, 400, JSON.stringify(renamed.body));
  const empty = await boss.call('POST', '/json/users/set-password', { id: created.body.id, password: '' });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.errorMessage, 'A new password must be non-empty');
  assert.equal(
    (await boss.call('POST', '/json/users/set-password', { id: created.body.id, password: 'pw-of-user' }))
      .status,
    200,
  );
  // a balance is the user's relayer credit in the chain's wei (the default chain: ganache here)
  const ether = await boss.call('PUT', `/json/users/${created.body.id}`, { balance: '12.5' });
  assert.equal(ether.status, 400, 'a balance is a whole number of wei');
  const balance = await boss.call('PUT', `/json/users/${created.body.id}`, {
    balance: '12500000000000000000',
  });
  assert.equal(balance.status, 200, JSON.stringify(balance.body));
  assert.equal(balance.body.balance, '12500000000000000000');
  assert.equal((await boss.call('PUT', `/json/users/${created.body.id}`, { balance: '-1' })).status, 400);
  const listed = (await boss.call('GET', '/json/users')).body.items as { id: number; balance: string }[];
  assert.equal(listed.find((u) => u.id === created.body.id)?.balance, '12500000000000000000');
  const other = (await boss.call('GET', '/json/users?chain=goerli')).body.items as {
    id: number;
    balance: string;
  }[];
  assert.equal(other.find((u) => u.id === created.body.id)?.balance, '0', 'balances are per chain');

  const user = new Client(stack.url);
  const login = await user.call('POST', '/password-login', { name, password: 'pw-of-user' });
  assert.equal(login.status, 200);
  assert.equal((login.body.user as { isSuperAdmin: boolean }).isSuperAdmin, false);
  assert.equal((await user.call('GET', '/json/users')).status, 403);
  assert.deepEqual((await user.call('GET', '/json/get-balance')).body, {
    item: '12500000000000000000',
    held: '0',
  });
  assert.equal((await user.call('GET', `/json/get-balance?user=1`)).status, 403);
  assert.equal((await user.call('GET', `/json/ledger?user=1`)).status, 403);
  const ledger = await user.call('GET', '/json/ledger');
  assert.equal(ledger.status, 200);
  assert.deepEqual(
    (ledger.body.items as { kind: string; amount: string; balance: string }[]).map((e) => [
      e.kind,
      e.amount,
      e.balance,
    ]),
    [['credit', '12500000000000000000', '12500000000000000000']],
    'the edit is a credit entry in the ledger',
  );
  const token = (await user.call('GET', '/woo_commmerce_access_token')).body.value;
  assert.match(String(token), /^wc_/);
  assert.equal(
    (await user.call('GET', '/woo_commmerce_access_token')).body.value,
    token,
    'the same token until rotated',
  );
  assert.notEqual((await user.call('POST', '/woo_commmerce_access_token/rotate')).body.value, token);

  const oldCookie = user.cookie;
  assert.deepEqual((await user.call('POST', '/auth/logout')).body, { ok: true });
  assert.equal((await user.call('GET', '/json/user')).status, 401);
  user.cookie = oldCookie;
  const revoked = await user.call('GET', '/json/user');
  assert.equal(revoked.status, 401, 'a logged-out session is revoked on the server');
  assert.equal(revoked.body.errorMessage, 'You must login for this page');
});

test('wallet sign-in: a new address gets a regular account; the signature works once', async () => {
  const client = new Client(stack.url);
  const { address, signature, message } = await walletSignIn(client);
  assert.match(
    message,
    // PUBLIC_URL unset: the default origin http://localhost:{PORT}, never the request's Host
    new RegExp(`^localhost:\\d+ wants you to sign in with your Ethereum account:\\n${address}\\n`),
  );
  assert.match(message, /terms of service/);
  const ok = await client.call('POST', '/auth/login', { address, signature });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal((ok.body.user as { address: string }).address, address);
  const me = await client.call('GET', '/json/user');
  assert.equal(me.body.userAddress, address);
  assert.equal(me.body.isSuperAdmin, false);
  const replay = await new Client(stack.url).call('POST', '/auth/login', { address, signature });
  assert.equal(replay.status, 401);
  assert.deepEqual(replay.body, { ok: false, error: 'invalid_signature', errorMessage: 'not ok' });
});

test('wallet sign-in: a nonce fetched with another Host still names our domain', async () => {
  // (the message's other rules — its own address, one use, ten minutes, our origins only — are the auth
  // service's, tested alone in apps/auth/src/auth.medium.int-spec.ts)
  const client = new Client(stack.url);
  const foreign = await walletSignIn(client, generatePrivateKey(), 'evil.example');
  assert.doesNotMatch(foreign.message, /evil\.example/);
  const ok = await client.call('POST', '/auth/login', {
    address: foreign.address,
    signature: foreign.signature,
  });
  assert.equal(ok.status, 200, 'signed for our domain, it signs in here');
});

test('bad input is a 400 with a message, never a 500', async () => {
  const client = new Client(stack.url);
  assert.equal((await client.call('GET', '/auth/nonce?address=0x123')).status, 400);
  assert.equal((await client.call('POST', '/auth/login', { address: 'x' })).status, 400);
  assert.equal((await client.call('POST', '/password-login', {})).status, 400);
  const boss = await admin();
  assert.equal((await boss.call('POST', '/json/users', { address: '' })).status, 400);
  assert.equal((await boss.call('PUT', '/json/users/abc', { balance: '1' })).status, 400);
  assert.equal((await boss.call('PUT', '/json/users/999999', { balance: '1' })).status, 404);
});

test('repeated wrong passwords from one client are slowed down with a clear 429', async () => {
  const client = new Client(stack.url);
  for (let i = 0; i < 3; i++) {
    assert.equal(
      (await client.call('POST', '/password-login', { name: 'victim', password: `guess-${i}` })).status,
      401,
    );
  }
  const limited = await client.call('POST', '/password-login', { name: 'victim', password: 'guess-4' });
  assert.equal(limited.status, 429);
  assert.equal(limited.body.errorMessage, 'Too many login attempts, try again in 1 minute');
  assert.equal(limited.headers.get('retry-after'), '30');
  // (the delay's growth and that it never locks the account out elsewhere: apps/auth's medium tier)
});
