import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, superAdmin } from './testing/chips.fixture.js';

// Issue #13 item 5-6 through the real gateway and services on PostgreSQL: the security headers on every
// kind of answer, the cross-site request rules (CSRF), a new password ending sessions, and the inputs
// that used to answer 5xx.
const ORIGIN = 'https://metatag.example';
const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const built = existsSync(`${webDist}index.html`);
let stack: TestStack;
let boss: Client;
let owner: Client;
let nftId: number;
let linkId: string;

before(async () => {
  stack = await startTestStack({ env: { ...chipSecrets(), PUBLIC_URL: ORIGIN } });
  boss = await superAdmin(stack.url);
  owner = (await newAdmin(stack.url, boss)).client;
  nftId = await newTemplate(owner);
  linkId = ((await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { id: string }).id;
});
after(() => stack?.stop());

/** A raw request: any method, body and headers (fetch adds no Origin of its own in Node). */
async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, { method, body, headers, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

function assertSecurityHeaders(what: string, headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  assert.match(csp, /(^|; )script-src 'self'(;|$)/, `${what}: CSP script-src`);
  assert.match(csp, /frame-ancestors 'none'/, `${what}: frame-ancestors`);
  assert.match(csp, /upgrade-insecure-requests/, `${what}: https public origin`);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', `${what}: nosniff`);
  assert.equal(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', `${what}: Referrer-Policy`);
  assert.equal(headers.get('x-frame-options'), 'DENY', `${what}: X-Frame-Options`);
  assert.equal(
    headers.get('strict-transport-security'),
    'max-age=31536000; includeSubDomains',
    `${what}: HSTS (PUBLIC_URL is https)`,
  );
}

test('every kind of answer carries the security headers', async () => {
  const asset = built
    ? /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(`${webDist}index.html`, 'utf8'))?.[1]
    : undefined;
  const kinds: [string, string, string, string?, Record<string, string>?][] = [
    ['page (SPA)', 'GET', '/ganache/admin/login'],
    ['chip page (server-rendered)', 'GET', `/link/${linkId}`],
    ['unknown chip page', 'GET', '/tag/NOPE'],
    ['JSON', 'GET', '/json/networks'],
    ['JSON error 401', 'GET', '/json/user'],
    ['JSON error 404', 'GET', '/json/no-such-route'],
    ['token metadata', 'GET', '/metadata/ganache/0x0000000000000000000000000000000000000001/1'],
    ['media metadata', 'GET', `/nft-media-metadata/${nftId}`],
    ['media 404', 'GET', `/nft-media/${nftId}?x=0`],
    ['QR image', 'GET', `/json/qrlink/${linkId}/qr.svg`],
    ['QR png', 'GET', `/json/qrlink/${linkId}/qr.png`],
    ['health', 'GET', '/healthz'],
    [
      'check-tag fast path',
      'POST',
      '/json/check-tag',
      JSON.stringify({ tag: 'x', auth: '00' }),
      {
        'content-type': 'application/json',
      },
    ],
    [
      'refused cross-site post',
      'POST',
      '/password-login',
      'name=a',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    ],
    ...(asset ? [['static file', 'GET', asset] as [string, string, string]] : []),
  ];
  const statuses: Record<string, number> = {};
  for (const [what, method, path, body, headers] of kinds) {
    const res = await send(method, path, body, headers);
    statuses[what] = res.status;
    assert.ok(res.status < 500, `${what}: ${res.status} ${res.text.slice(0, 200)}`);
    assertSecurityHeaders(what, res.headers);
  }
  assert.equal(statuses['QR image'], 200);
  assert.equal(statuses['JSON'], 200);
  if (built) {
    assert.equal(statuses['static file'], 200);
    const page = await send('GET', `/link/${linkId}`);
    // the server-rendered page has no inline script: only src= scripts and a JSON data block
    for (const tag of page.text.match(/<script\b[^>]*>/g) ?? [])
      assert.match(tag, /\bsrc=|type="application\/json"/, `inline script in the chip page: ${tag}`);
  }
});

test('cross-site posts are refused: form and text bodies 415, a foreign Origin or Referer 403', async () => {
  const login = JSON.stringify({ name: 'admin', password: 'wrong-password-123' });
  const form = await send('POST', '/password-login', 'name=admin&password=x', {
    'content-type': 'application/x-www-form-urlencoded',
    origin: 'https://evil.example',
  });
  assert.equal(form.status, 415);
  assert.match(form.text, /application\/json or multipart\/form-data/);
  const text = await send('POST', '/password-login', login, { 'content-type': 'text/plain' });
  assert.equal(text.status, 415, 'text/plain, even without an Origin');
  const noType = await send('POST', '/auth/logout', 'x');
  assert.equal(noType.status, 415, 'a body without a type');
  for (const headers of [
    { origin: 'https://evil.example' } as Record<string, string>,
    { origin: 'null' },
    { referer: 'https://evil.example/page' },
    { origin: 'https://metatag.example.evil.example' },
  ]) {
    const res = await send('POST', '/password-login', login, {
      'content-type': 'application/json',
      ...headers,
    });
    assert.equal(res.status, 403, JSON.stringify(headers));
    assert.match(res.text, /Cross-site request refused/);
  }
  // multipart from a foreign page is refused too (the Origin decides)
  const upload = await send('PUT', `/json/ganache/nft/${nftId}`, '--b--\r\n', {
    'content-type': 'multipart/form-data; boundary=b',
    origin: 'https://evil.example',
    cookie: owner.cookie ?? '',
  });
  assert.equal(upload.status, 403);
  // our own page, and a machine caller with no Origin at all, reach the route (a wrong password: 401)
  const own = await send('POST', '/password-login', login, {
    'content-type': 'application/json',
    origin: ORIGIN,
  });
  const machine = await send('POST', '/password-login', login, { 'content-type': 'application/json' });
  for (const res of [own, machine]) assert.ok([400, 401].includes(res.status), `${res.status} ${res.text}`);
  // reads are not state-changing: a foreign Origin still reads public data
  const read = await send('GET', '/json/networks', undefined, { origin: 'https://evil.example' });
  assert.equal(read.status, 200);
});

test('a new password ends the other sessions of the user; the changer stays signed in', async () => {
  const { client: user, id } = await newAdmin(stack.url, boss);
  const second = new Client(stack.url);
  assert.equal(
    (
      await second.call('POST', '/password-login', {
        name: (await user.call('GET', '/json/user')).body.address,
        password: 'chips-password',
      })
    ).status,
    200,
  );
  assert.equal((await second.call('GET', '/json/user')).status, 200);
  const changed = await boss.call('POST', '/json/users/set-password', { id, password: 'a-new-password-1' });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.equal((await user.call('GET', '/json/user')).status, 401, 'the first session ended');
  assert.equal((await second.call('GET', '/json/user')).status, 401, 'the second session ended');
  assert.equal((await boss.call('GET', '/json/user')).status, 200, 'the super admin is not affected');
  // the super admin changing their own password keeps this session, ends their others
  const bossId = (await boss.call('GET', '/json/user')).body.id as number;
  const otherBoss = await superAdmin(stack.url);
  const own = await boss.call('POST', '/json/users/set-password', {
    id: bossId,
    password: 'integration-admin-password',
  });
  assert.equal(own.status, 200);
  assert.equal((await boss.call('GET', '/json/user')).status, 200, 'the changer keeps the session');
  assert.equal((await otherBoss.call('GET', '/json/user')).status, 401, "the boss's other session ended");
});

test('inputs that used to answer 5xx are a 400 with a clear message and no internal names', async () => {
  const internal =
    /auth\.|templates\.|chiplinks\.|relayer\.|postgres|select |insert |drizzle|ECONN|\bpattern\b/i;
  const cases: [string, Promise<{ status: number; text: string }>, RegExp][] = [
    [
      'NUL in a JSON text field',
      send('POST', '/password-login', JSON.stringify({ name: 'ad\u0000min', password: 'x' }), {
        'content-type': 'application/json',
      }),
      /NUL/,
    ],
    [
      'NUL in a template title',
      owner.call('PUT', `/json/ganache/nft/${nftId}`, { title: 'a\u0000b' }).then((r) => ({
        status: r.status,
        text: JSON.stringify(r.body),
      })),
      /NUL/,
    ],
    ['NUL in a path id', send('GET', '/json/nft-by-chiplink/ab%00cd'), /NUL/],
    ['NUL in a query', send('GET', '/auth/nonce?address=0x%00'), /NUL/],
    [
      'user id above int4',
      boss.call('GET', '/json/ganache/get-my-collections?user=2147483648').then((r) => ({
        status: r.status,
        text: JSON.stringify(r.body),
      })),
      /./,
    ],
    [
      '5,000-deep JSON',
      send('POST', '/password-login', '['.repeat(5000) + ']'.repeat(5000), {
        'content-type': 'application/json',
      }),
      /nested too deeply/,
    ],
  ];
  for (const [what, pending, message] of cases) {
    const res = await pending;
    assert.equal(res.status, 400, `${what}: ${res.status} ${res.text}`);
    assert.match(res.text, message, what);
    assert.doesNotMatch(res.text, internal, `${what}: ${res.text}`);
  }
  // the check-tag fast path reads its own body: past its size limit a 413, else its own 400
  for (const levels of [5000, 200]) {
    const deep = await send('POST', '/json/check-tag', `{"tag":${'['.repeat(levels)}${']'.repeat(levels)}}`, {
      'content-type': 'application/json',
    });
    assert.ok([400, 413].includes(deep.status), `check-tag, ${levels} levels: ${deep.status} ${deep.text}`);
    assert.doesNotMatch(deep.text, internal);
  }
  // ids out of range in paths: not found or bad request, never 500
  const put = await boss.call('PUT', '/json/users/2147483648', { address: 'nobody' });
  assert.ok(put.status >= 400 && put.status < 500, `${put.status}`);
});
