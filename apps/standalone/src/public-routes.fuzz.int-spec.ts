import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, superAdmin } from './testing/chips.fixture.js';

// Issue #13: a property-based fuzz of the public routes' inputs (path segments, query strings, JSON
// bodies, content types) through the real gateway and services on PostgreSQL: no input is a 5xx. The
// test stack's chain RPC is unreachable on purpose, so the routes that must ask the chain may answer
// 503 (the chain is unavailable) — never 500.
let stack: TestStack;
let linkId: string;
let nftId: number;

before(async () => {
  stack = await startTestStack({ env: chipSecrets() });
  const owner = (await newAdmin(stack.url, await superAdmin(stack.url))).client;
  nftId = await newTemplate(owner);
  linkId = ((await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { id: string }).id;
});
after(() => stack?.stop());

/** Texts that have broken servers: NUL, big and negative numbers, escapes, unicode, SQL, long runs. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '2147483648',
  '-1',
  '0',
  '1e308',
  '9007199254740993',
  '0x',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  "' OR 1=1 --",
  '\uD800',
  '🙂',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  '[]',
  '{}',
  'null',
);
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), nasty);
/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) as U+FFFD, as browsers send it. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDFFF]/g, (c, i: number) => {
      const pair = /[\uD800-\uDBFF][\uDC00-\uDFFF]/;
      return pair.test(s.slice(i, i + 2)) || pair.test(s.slice(i - 1, i + 1)) ? c : '\uFFFD';
    }),
  );
const segment = fc.oneof(text, fc.constant(''), fc.integer().map(String)).map(encode);
const maybeLink = fc.oneof(segment, fc.constant('LINK'), fc.constant('NFT'));
const query = fc
  .dictionary(fc.constantFrom('to', 'auth', 'x', 'address', 'token', 'user', 'c', 'e', 'chain'), text, {
    maxKeys: 3,
  })
  .map((q) => new URLSearchParams(q).toString());
const body = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc
    .record({ tag: fc.oneof(text, fc.json()), auth: fc.oneof(text, fc.json()) }, { requiredKeys: [] })
    .map((v) => JSON.stringify(v)),
  fc
    .record(
      { name: text, password: text, message: text, signature: text, address: text },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
  fc.nat({ max: 6000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
);

interface Route {
  method: 'GET' | 'POST';
  path: (s: string, t: string) => string;
  /** Reads the chain: 503 is a legitimate answer while the chain is unreachable. */
  chain?: boolean;
}
const routes: Route[] = [
  { method: 'GET', path: (s) => `/tag/${s}` },
  { method: 'GET', path: (s) => `/link/${s}` },
  { method: 'GET', path: (s) => `/json/nft-by-chiplink/${s}` },
  { method: 'GET', path: (s) => `/json/chiplink-token/${s}` },
  { method: 'GET', path: (s) => `/json/get-mint-data/${s}`, chain: true },
  { method: 'GET', path: (s) => `/nft-media/${s}` },
  { method: 'GET', path: (s) => `/nft-media-metadata/${s}` },
  { method: 'GET', path: (s, t) => `/metadata/${t}/${s}/${s}`, chain: true },
  { method: 'GET', path: (s, t) => `/json/collection-template/${t}/${s}`, chain: true },
  { method: 'GET', path: () => `/auth/nonce` },
  { method: 'GET', path: () => `/json/utility-token/verify` },
  { method: 'GET', path: (s) => `/json/qrlink/${s}/qr.svg` },
  { method: 'GET', path: (s) => `/json/qrlink/${s}/qr.png` },
  { method: 'GET', path: () => `/json/networks` },
  { method: 'POST', path: () => `/json/check-tag`, chain: true },
  { method: 'POST', path: () => `/json/check-tag/continue`, chain: true },
  { method: 'POST', path: () => `/json/toggle-lock`, chain: true },
  { method: 'POST', path: () => `/password-login` },
  { method: 'POST', path: () => `/auth/login` },
  { method: 'POST', path: () => `/auth/logout` },
  { method: 'POST', path: (s, t) => `/json/rpc/${t}`, chain: true },
];

test('no input of a public route answers 5xx (unreachable chain: 503 on chain routes only)', async () => {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: routes.length - 1 }),
      maybeLink,
      fc.constantFrom('ganache', 'mainnet', 'nope', '%00', ''),
      query,
      body,
      contentType,
      async (index, rawSegment, chain, q, payload, type) => {
        const route = routes[index];
        const segment = rawSegment === 'LINK' ? linkId : rawSegment === 'NFT' ? String(nftId) : rawSegment;
        const path = route.path(segment, chain) + (q ? `?${q}` : '');
        const res = await fetch(`${stack.url}${path}`, {
          method: route.method,
          headers: route.method === 'POST' ? { 'content-type': type } : {},
          body: route.method === 'POST' ? payload : undefined,
          redirect: 'manual',
        });
        const answer = await res.text();
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        const allowed = res.status < 500 || (res.status === 503 && route.chain === true);
        assert.ok(allowed, `${route.method} ${path} (${type}): ${res.status} ${answer.slice(0, 300)}`);
        if (res.status >= 500) assert.doesNotMatch(answer, /Failed query|select |ECONN|at .*\.ts:/);
      },
    ),
    {
      numRuns: Number(process.env.FUZZ_RUNS ?? 400),
      seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
    },
  );
  assert.ok(seen.size > 3, `too few kinds of answers: ${[...seen.keys()].join(', ')}`);
});
