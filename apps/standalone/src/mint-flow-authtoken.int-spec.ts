import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TEMPLATES } from '@metatag/events';
import { createServiceClient, InProcessBus } from '@metatag/nest-kit';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { signInPasswordUser, signInSuperAdmin, type SignedIn } from './testing/sign-in.fixture.js';

// The mint flow's `?authtoken` (spec section 7): `PUT /json/{chain}/nft/{id}?authtoken` and
// `POST /json/qrlink/link/{id}?authtoken` accept the owner's shop access token instead of a session,
// so a shop or a script drives the flow without a cookie. And the super admin reads another user's
// shop token (`GET /woo_commmerce_access_token?user=`) for the per-user panel's webhook hint.
let stack: TestStack;
let boss: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let anonymous: Client;
const bus = new InProcessBus();

before(async () => {
  stack = await startTestStack({ bus });
  boss = await signInSuperAdmin(stack.url);
  alice = await signInPasswordUser(stack.url, boss.client);
  bob = await signInPasswordUser(stack.url, boss.client);
  anonymous = new Client(stack.url);
});
after(() => stack?.stop());

const shopToken = async (who: SignedIn) =>
  (await who.client.call('GET', '/woo_commmerce_access_token')).body.value as string;

async function template(who: SignedIn): Promise<number> {
  const res = await who.client.call('POST', '/json/ganache/nft', {});
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body.item as { id: number }).id;
}

const q = (token: string) => `authtoken=${encodeURIComponent(token)}`;

test('the mint flow signs in with the owner’s shop token: set limit, title, collection; create a QR link', async () => {
  const id = await template(alice);
  const token = await shopToken(alice);
  const collection = `0x${'ab'.repeat(20)}`;
  // a template names only its owner's collections: this one is attached to alice, as the deployer
  // attaches one after its checks on chain (no chain here)
  const services = createServiceClient(
    'test',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 5000 },
    bus,
  );
  await services.send(TEMPLATES.attachCollection, {
    chain: 'ganache',
    userId: alice.id,
    deployedAddress: collection,
    name: 'Alice',
    symbol: 'ALI',
    txHash: `0x${'cd'.repeat(32)}`,
  });

  const put = await anonymous.call('PUT', `/json/ganache/nft/${id}?${q(token)}`, {
    limit: 10,
    title: 'Limited',
    collection,
  });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.equal(put.body.title, 'Limited');
  assert.equal(put.body.collection, collection);
  assert.equal(put.body.limit, 10);

  const link = await anonymous.call('POST', `/json/qrlink/link/${id}?${q(token)}`);
  assert.equal(link.status, 201, JSON.stringify(link.body));
  const uid = (link.body.item as { uid: string }).uid;
  assert.ok(uid, 'item.uid');

  // the owner's session sees both changes
  const mine = await alice.client.call('GET', `/json/qrlink/link/${id}`);
  assert.deepEqual(
    (mine.body.items as { uid: string }[]).map((i) => i.uid),
    [uid],
  );
  const list = await alice.client.call('GET', '/json/ganache/nfts');
  const saved = (list.body.items as { id: number; title: string }[]).find((t) => t.id === id);
  assert.equal(saved?.title, 'Limited');
});

test('a wrong or rotated token is 401; another user’s token cannot touch the template (404)', async () => {
  const id = await template(alice);
  const body = { title: 'Nope' };

  for (const token of ['wc_wrong', 'x'.repeat(500)]) {
    const put = await anonymous.call('PUT', `/json/ganache/nft/${id}?${q(token)}`, body);
    assert.equal(put.status, 401, token);
    assert.equal(put.body.errorMessage, 'Invalid authtoken');
    assert.equal((await anonymous.call('POST', `/json/qrlink/link/${id}?${q(token)}`)).status, 401);
  }
  // a wrong token is refused even beside a valid session: the token is the credential when sent
  assert.equal(
    (await alice.client.call('PUT', `/json/ganache/nft/${id}?${q('wc_wrong')}`, body)).status,
    401,
  );

  // Bob's valid token acts as Bob: Alice's template does not exist for him
  const bobs = await shopToken(bob);
  const put = await anonymous.call('PUT', `/json/ganache/nft/${id}?${q(bobs)}`, body);
  assert.equal(put.status, 404);
  assert.equal(put.body.errorMessage, 'NFT template not found');
  assert.equal((await anonymous.call('POST', `/json/qrlink/link/${id}?${q(bobs)}`)).status, 404);

  // the super admin's token is a webhook credential, not super-admin reach
  const bossToken = await shopToken(boss);
  assert.equal((await anonymous.call('PUT', `/json/ganache/nft/${id}?${q(bossToken)}`, body)).status, 404);

  // a rotated token stops working at once
  const old = await shopToken(alice);
  const rotated = (await alice.client.call('POST', '/woo_commmerce_access_token/rotate')).body
    .value as string;
  assert.equal((await anonymous.call('PUT', `/json/ganache/nft/${id}?${q(old)}`, body)).status, 401);
  assert.equal((await anonymous.call('PUT', `/json/ganache/nft/${id}?${q(rotated)}`, body)).status, 200);
});

test('the token is accepted on exactly the mint-flow routes', async () => {
  const id = await template(alice);
  const token = await shopToken(alice);
  // chips are not part of the mint flow
  const chip = await anonymous.call('POST', `/json/qrlink/chip/${id}?${q(token)}`, { uid: '04A1B2C3D4E5F6' });
  assert.equal(chip.status, 401);
  for (const [method, path] of [
    ['GET', `/json/ganache/nfts?${q(token)}`],
    ['DELETE', `/json/ganache/nft/${id}?${q(token)}`],
    ['GET', `/json/qrlink/link/${id}?${q(token)}`],
    ['GET', `/woo_commmerce_access_token?${q(token)}`],
    ['GET', `/json/ganache/mints/${id}?${q(token)}`],
  ] as const) {
    assert.equal((await anonymous.call(method, path)).status, 401, `${method} ${path}`);
  }
  // the flow's first step creates the record with the token (issue 19: the whole flow runs on it)
  const created = await anonymous.call('POST', `/json/ganache/nft?${q(token)}`, {});
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((created.body.item as { owner: number }).owner, alice.id);
  // without a token the routes stay session routes
  assert.equal((await anonymous.call('POST', '/json/ganache/nft', {})).status, 401);
  assert.equal((await anonymous.call('PUT', `/json/ganache/nft/${id}`, { title: 'x' })).status, 401);
  assert.equal((await anonymous.call('POST', `/json/qrlink/link/${id}`)).status, 401);
  assert.equal((await alice.client.call('PUT', `/json/ganache/nft/${id}`, { title: 'x' })).status, 200);
});

test('the super admin reads another user’s shop token; others only their own', async () => {
  const alices = await shopToken(alice);
  const read = await boss.client.call('GET', `/woo_commmerce_access_token?user=${alice.id}`);
  assert.equal(read.status, 200, JSON.stringify(read.body));
  // the webhook secret beside the token (issue 19): derived from it, so the same for both readers
  assert.deepEqual(Object.keys(read.body).sort(), ['secret', 'value']);
  assert.equal(read.body.value, alices);
  assert.match(read.body.secret as string, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.notEqual((await boss.client.call('GET', '/woo_commmerce_access_token')).body.value, alices);

  const own = await alice.client.call('GET', `/woo_commmerce_access_token?user=${alice.id}`);
  assert.deepEqual(own.body, read.body);
  const other = await bob.client.call('GET', `/woo_commmerce_access_token?user=${alice.id}`);
  assert.equal(other.status, 403);
  assert.ok(!JSON.stringify(other.body).includes(alices));
  assert.equal((await anonymous.call('GET', `/woo_commmerce_access_token?user=${alice.id}`)).status, 401);

  assert.equal((await boss.client.call('GET', '/woo_commmerce_access_token?user=999999')).status, 404);
  assert.equal((await boss.client.call('GET', '/woo_commmerce_access_token?user=abc')).status, 400);
});
