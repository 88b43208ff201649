// The auth service alone (the medium tier, issue #31 item 5): its module on a fresh PostgreSQL database
// with a clock the tests move, driven by the messages the gateway sends it. Session lifetime, the
// sign-in message's rules (EIP-4361: one use, our domain only, ten minutes) and the password delays
// are auth's own rules, tested here; the gateway's part (cookies, the Host header never trusted, HTTP
// statuses) stays in apps/standalone's accounts journey.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { AUTH } from '@metatag/events';
import { ManualClock } from '@metatag/nest-kit';
import { useMediumTier } from '@metatag/nest-kit/testing';
import { authDefinition } from './auth.definition.js';

const PASSWORD = 'correct horse battery staple';
const ORIGIN = 'https://metatag.example';
const clock = new ManualClock(new Date());
const tier = useMediumTier(authDefinition, {
  env: {
    SUPER_ADMIN_NAME: 'boss',
    SUPER_ADMIN_PASSWORD: PASSWORD,
    SESSION_SECRET: 'medium-tier-session-secret-0123456789',
  },
  clock,
});

const login = (name: string, password: string, ip = '192.0.2.1') =>
  tier.client.send(AUTH.passwordLogin, { name, password, ip });

async function signIn(key = generatePrivateKey()) {
  const account = privateKeyToAccount(key);
  const address = account.address.toLowerCase();
  const { message, nonce } = await tier.client.send(AUTH.issueNonce, { address, origin: ORIGIN, chainId: 1 });
  return { address, nonce, message, signature: await account.signMessage({ message }) };
}

const walletLogin = (s: { address: string; signature: string }, origins = [ORIGIN]) =>
  tier.client.send(AUTH.walletLogin, {
    address: s.address,
    signature: s.signature,
    ip: '192.0.2.9',
    origins,
  });

test('a session lives 7 days on the service’s clock, and ends at logout', async () => {
  const { token, user } = await login('boss', PASSWORD);
  assert.equal(user.isSuperAdmin, true);
  const resolve = async () => (await tier.client.send(AUTH.resolveSession, { token })).user?.id;
  clock.advance(7 * 24 * 60 * 60 * 1000 - 1000);
  assert.equal(await resolve(), user.id);
  clock.advance(2000);
  assert.equal(await resolve(), undefined, 'expired');
  const again = await login('boss', PASSWORD);
  await tier.client.send(AUTH.logout, { token: again.token });
  assert.equal((await tier.client.send(AUTH.resolveSession, { token: again.token })).user, null);
});

test('wallet sign-in: a new address gets a regular account; a message signs in once, for its own address and our domain, within 10 minutes', async () => {
  const first = await signIn();
  assert.match(first.message, /^metatag\.example wants you to sign in with your Ethereum account:\n/);
  const session = await walletLogin(first);
  assert.equal(session.user.address, first.address);
  assert.equal(session.user.isSuperAdmin, false);
  await assert.rejects(walletLogin(first), { status: 401, code: 'invalid_signature' }, 'replayed');

  const victim = await signIn();
  const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: victim.message });
  await assert.rejects(walletLogin({ address: victim.address, signature: forged }), { status: 401 });
  // a message issued for our domain is refused where the origins the gateway serves are others
  await assert.rejects(walletLogin(victim, ['https://evil.example']), { status: 401 });

  const late = await signIn();
  clock.advance(11 * 60 * 1000);
  await assert.rejects(walletLogin(late), { status: 401 }, 'the nonce expired');
});

test('wrong passwords slow down the failing client only: a delay that grows, never a lock of the account', async () => {
  for (let i = 0; i < 3; i++)
    await assert.rejects(login('boss', `guess-${i}`, '198.51.100.7'), { status: 401 });
  await assert.rejects(login('boss', 'guess-4', '198.51.100.7'), {
    status: 429,
    message: 'Too many login attempts, try again in 1 minute',
    retryAfterS: 30,
  });
  // the owner, elsewhere, is not locked out by someone else's guesses (#28 item 5)
  assert.equal((await login('boss', PASSWORD, '203.0.113.5')).user.isSuperAdmin, true);
  clock.advance(31 * 1000);
  await assert.rejects(login('boss', 'again', '198.51.100.7'), { status: 401 }, 'the delay passes');
  await assert.rejects(login('boss', 'and again', '198.51.100.7'), { status: 429 }, 'and grows');
});
