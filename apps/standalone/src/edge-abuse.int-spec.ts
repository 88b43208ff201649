import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import QRCode from 'qrcode';
import { decodeFunctionData, getAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ManualClock } from '@metatag/nest-kit';
import { ADMIN_PASSWORD, Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, superAdmin } from './testing/chips.fixture.js';

// Issue #13 items 3-4 and #12 item 9 through the real gateway and services on a real PostgreSQL:
// throttles keyed by the real client (the stack trusts its loopback proxy, so X-Forwarded-For names
// each client), a sign-in bound to PUBLIC_URL, and absolute URLs that no Host header can move.
const CANONICAL = 'https://metatag.test';
const clock = new ManualClock(new Date());
let stack: TestStack;

before(async () => {
  stack = await startTestStack({
    clock,
    env: { ...chipSecrets(), PUBLIC_URL: `${CANONICAL}, https://www.metatag.test` },
  });
});
after(() => stack?.stop());

const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** One HTTP call with any Host header (fetch will not send a chosen one). */
function raw(
  method: string,
  path: string,
  options: { host?: string; cookie?: string; body?: unknown } = {},
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${stack.url}${path}`,
      {
        method,
        headers: {
          ...(options.host ? { host: options.host } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const passwordLogin = (name: string, password: string, ip: string) =>
  new Client(stack.url).call('POST', '/password-login', { name, password }, from(ip));

test('an attacker hammering the super admin from one client never keeps the owner out', async () => {
  const attacker = '198.51.100.66';
  for (let i = 0; i < 3; i++)
    assert.equal((await passwordLogin('admin', `guess-${i}`, attacker)).status, 401, 'typos cost nothing');
  const limited = await passwordLogin('admin', 'guess-3', attacker);
  assert.equal(limited.status, 429);
  assert.deepEqual(limited.body, {
    ok: false,
    error: 'too_many_requests',
    errorMessage: 'Too many login attempts, try again in 1 minute',
  });
  assert.equal(limited.headers.get('retry-after'), '30');
  assert.equal(
    (await passwordLogin('admin', ADMIN_PASSWORD, attacker)).status,
    429,
    'the failing client waits, whatever it sends',
  );

  // an hour of hammering: one request every 3 minutes, as the review's attacker did; the delays grow
  let refused = 0;
  let guessed = 0;
  for (let minute = 0; minute < 60; minute += 3) {
    clock.advance(3 * 60 * 1000);
    const res = await passwordLogin('admin', `guess-${minute}`, attacker);
    assert.ok(res.status === 401 || res.status === 429, `status ${res.status}`);
    if (res.status === 429) {
      refused++;
      assert.match(res.body.errorMessage as string, /^Too many login attempts, try again in \d+ minutes?$/);
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
    } else guessed++;
    // the owner signs in from their own client every time, with the right password
    const owner = await passwordLogin('admin', ADMIN_PASSWORD, '203.0.113.10');
    assert.equal(owner.status, 200, `minute ${minute}: ${JSON.stringify(owner.body)}`);
  }
  assert.ok(refused > guessed, `the delays grow: ${guessed} guesses, ${refused} refusals in an hour`);
  clock.advance(60 * 60 * 1000);
});

test('210 failures from 210 addresses never lock the owner out: the failing clients wait, the account only slows down', async () => {
  const boss = await superAdmin(stack.url);
  const name = `ceiling${Date.now()}`;
  const created = await boss.call('POST', '/json/users', { address: name });
  await boss.call('POST', '/json/users/set-password', { id: created.body.id, password: 'right-password' });
  // the owner mistypes once from their own client
  assert.equal((await passwordLogin(name, 'typo', '192.0.2.77')).status, 401);
  // 210 clients, one wrong guess each: past the per-name ceiling
  // (five at a time: each guess is a password hash, and the machine running the tests is shared)
  for (let batch = 0; batch < 42; batch++) {
    const statuses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => passwordLogin(name, 'wrong', `10.1.${batch}.${i + 1}`)),
    );
    assert.deepEqual(
      statuses.map((s) => s.status),
      Array(5).fill(401),
      `batch ${batch}: ${JSON.stringify(statuses.find((s) => s.status !== 401)?.body)}`,
    );
  }
  // an attacking client has lost its free failures: it waits its own delay (30 s), not 15 minutes
  const attacker = await passwordLogin(name, 'wrong-again', '10.1.0.1');
  assert.equal(attacker.status, 429, 'a client that failed against this name waits');
  assert.match(attacker.body.errorMessage as string, /^Too many login attempts, try again in 1 minute$/);
  // a client that has not failed signs in, after the account's friction delay
  const started = Date.now();
  const fresh = await passwordLogin(name, 'right-password', '192.0.2.200');
  assert.equal(fresh.status, 200, 'a client that has not failed still signs in');
  assert.ok(Date.now() - started >= 900, 'with a short delay as friction');
  // the owner's own client (one typo) signs in after its short wait, long before the 15-minute window
  clock.advance(31 * 1000);
  const owner = await passwordLogin(name, 'right-password', '192.0.2.77');
  assert.equal(owner.status, 200, JSON.stringify(owner.body));
  clock.advance(16 * 60 * 1000);
});

test('the sign-in message is bound to PUBLIC_URL, whatever the Host header, and to the wallet chain', async () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  const phishing = await raw('GET', `/auth/nonce?address=${address}`, { host: 'evil.example' });
  assert.equal(phishing.status, 200, phishing.text);
  const { message, nonce } = JSON.parse(phishing.text) as { message: string; nonce: string };
  // viem's EIP-4361 implementation, not ours, reads and validates it
  const parsed = parseSiweMessage(message);
  assert.equal(parsed.domain, 'metatag.test');
  assert.equal(parsed.uri, CANONICAL);
  assert.equal(parsed.nonce, nonce);
  assert.equal(parsed.chainId, 1337, 'no chain named: the deployment first chain');
  assert.match(parsed.statement ?? '', /https:\/\/metatag\.test\/terms/);
  assert.equal(
    validateSiweMessage({ message: parsed, domain: 'metatag.test', nonce, time: clock.now() }),
    true,
  );
  assert.equal(validateSiweMessage({ message: parsed, domain: 'evil.example', time: clock.now() }), false);

  const other = await raw('GET', `/auth/nonce?address=${address}&chainId=137`, { host: 'www.metatag.test' });
  const otherParsed = parseSiweMessage((JSON.parse(other.text) as { message: string }).message);
  assert.equal(otherParsed.domain, 'www.metatag.test', 'another of our origins is kept');
  assert.equal(otherParsed.uri, 'https://www.metatag.test');
  assert.equal(otherParsed.chainId, 137, "the wallet's chain");

  const badChain = await new Client(stack.url).call('GET', `/auth/nonce?address=${address}&chainId=-1`);
  assert.equal(badChain.status, 400);
});

test('a message signed for a phishing domain never signs anyone in', async () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  const client = new Client(stack.url);
  const issued = await client.call('GET', `/auth/nonce?address=${address}`);
  const nonce = issued.body.nonce as string;
  // the phishing site asks the victim to sign a message for its own domain, with our pending nonce
  const phished = createSiweMessage({
    domain: 'evil.example',
    address: getAddress(address),
    uri: 'https://evil.example',
    version: '1',
    chainId: 1337,
    nonce,
    issuedAt: clock.now(),
    statement: 'Sign in to MetaTag.',
  });
  const signature = await account.signMessage({ message: phished });
  for (const body of [
    { address, signature },
    { address, signature, nonce },
  ]) {
    const res = await client.call('POST', '/auth/login', body);
    assert.equal(res.status, 401, JSON.stringify(res.body));
    assert.equal(res.body.errorMessage, 'not ok');
  }
  assert.equal((await client.call('GET', '/json/user')).status, 401);
});

test('two pending sign-ins of one wallet both work, each once', async () => {
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  const first = await new Client(stack.url).call('GET', `/auth/nonce?address=${address}`);
  const second = await new Client(stack.url).call('GET', `/auth/nonce?address=${address}`);
  assert.notEqual(first.body.nonce, second.body.nonce);
  const sign = (reply: { body: Record<string, unknown> }) =>
    account.signMessage({ message: reply.body.message as string });
  const [sig1, sig2] = await Promise.all([sign(first), sign(second)]);

  const tab2 = new Client(stack.url);
  const login2 = await tab2.call('POST', '/auth/login', {
    address,
    signature: sig2,
    nonce: second.body.nonce,
  });
  assert.equal(login2.status, 200, JSON.stringify(login2.body));
  // the older one, posted as the spec has it (address and signature only), still works
  const tab1 = new Client(stack.url);
  const login1 = await tab1.call('POST', '/auth/login', { address, signature: sig1 });
  assert.equal(login1.status, 200, JSON.stringify(login1.body));
  assert.equal((await tab1.call('GET', '/json/user')).body.address, address);

  for (const body of [
    { address, signature: sig1 },
    { address, signature: sig2, nonce: second.body.nonce },
  ])
    assert.equal((await new Client(stack.url).call('POST', '/auth/login', body)).status, 401, 'single use');

  const late = await new Client(stack.url).call('GET', `/auth/nonce?address=${address}`);
  const lateSig = await sign(late);
  clock.advance(6 * 60 * 1000);
  assert.equal(
    (await new Client(stack.url).call('POST', '/auth/login', { address, signature: lateSig })).status,
    401,
    'a nonce lives 5 minutes',
  );
});

test('nonce requests are limited per client, with Retry-After', async () => {
  const address = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const client = new Client(stack.url);
  for (let i = 0; i < 30; i++)
    assert.equal(
      (await client.call('GET', `/auth/nonce?address=${address}`, undefined, from('192.0.2.77'))).status,
      200,
    );
  const limited = await client.call('GET', `/auth/nonce?address=${address}`, undefined, from('192.0.2.77'));
  assert.equal(limited.status, 429);
  assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
  assert.equal(
    (await client.call('GET', `/auth/nonce?address=${address}`, undefined, from('192.0.2.78'))).status,
    200,
    'another client is not affected',
  );
});

test('Host header injection changes no QR code, export or metadata URL', async () => {
  const boss = await superAdmin(stack.url);
  const owner = (await newAdmin(stack.url, boss)).client;
  const nftId = await newTemplate(owner);
  const created = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const link = created.body.item as { id: string };

  const svg = await raw('GET', `/json/qrlink/${link.id}/qr.svg`, { host: 'evil.example' });
  assert.equal(svg.status, 200);
  const expected = await QRCode.toString(`${CANONICAL}/link/${link.id}`, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  assert.equal(svg.text, expected, 'the QR code encodes the canonical URL');

  const csv = await raw('GET', `/json/qrlink/link/${nftId}/links.csv`, {
    host: 'evil.example',
    cookie: owner.cookie,
  });
  assert.equal(csv.status, 200, csv.text);
  assert.ok(csv.text.includes(`${CANONICAL}/link/${link.id}`), csv.text);
  assert.ok(!csv.text.includes('evil.example'));

  const collection = '0x' + 'ab'.repeat(20);
  const setBase = await raw('POST', `/json/ganache/contracts/${collection}/set-base`, {
    host: 'evil.example',
    cookie: owner.cookie,
    body: { base: '' },
  });
  assert.equal(setBase.status, 200, setBase.text);
  const reply = JSON.parse(setBase.text) as { evm: { to: string; data: Hex } };
  const call = decodeFunctionData({ abi: collectionAbi, data: reply.evm.data });
  assert.deepEqual(call.args, [`${CANONICAL}/metadata/ganache/${collection}/`]);
});

test('the RPC proxy refuses big batches and transactions to foreign contracts', async () => {
  const client = new Client(stack.url);
  const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' });
  const batch = await client.call(
    'POST',
    '/json/rpc/ganache',
    Array.from({ length: 11 }, (_, i) => call(i)),
  );
  assert.equal(batch.status, 400);
  assert.equal(batch.body.errorMessage, 'A batch holds at most 10 calls');

  const wallet = privateKeyToAccount(generatePrivateKey());
  const send = async (tx: Parameters<typeof wallet.signTransaction>[0]) =>
    client.call('POST', '/json/rpc/ganache', {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendRawTransaction',
      params: [await wallet.signTransaction(tx)],
    });
  const fee = { gas: 100_000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 1n, nonce: 0 };
  const foreign = await send({
    ...fee,
    chainId: 1337,
    to: privateKeyToAccount(generatePrivateKey()).address,
    value: 1n,
  });
  assert.equal(foreign.status, 400);
  assert.equal(foreign.body.errorMessage, 'Only transactions to MetaTag contracts are relayed');
  const otherChain = await send({
    ...fee,
    chainId: 1,
    ...collectionDeployData({ name: 'A', symbol: 'A', libraryAddress: '0x' + '11'.repeat(20) }),
  });
  assert.equal(otherChain.status, 400);
  assert.equal(otherChain.body.errorMessage, 'The transaction is not signed for chain ganache');
  const garbage = await client.call('POST', '/json/rpc/ganache', {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_sendRawTransaction',
    params: ['0x1234'],
  });
  assert.equal(garbage.status, 400);

  // our own contract's deployment passes the policy (the test stack's chain is unreachable: 503)
  const ours = await send({
    ...fee,
    chainId: 1337,
    ...collectionDeployData({ name: 'A', symbol: 'A', libraryAddress: '0x' + '11'.repeat(20) }),
  });
  assert.equal(ours.status, 503, JSON.stringify(ours.body));
});
