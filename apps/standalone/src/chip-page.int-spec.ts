import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ENVELOPE_HEADER, ENVELOPE_META, importEnvelopeKey, openText, sealText } from '@metatag/api-types';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';

/**
 * The chip page's first round trip (issue #12 item 10) on the built web app: its HTML carries the NFT
 * and the data the browser hydrates from, before any script; pages, scripts and JSON are compressed as
 * the browser asks. Needs the built web app (apps/web/dist with its server module): without it the
 * cases fail with the command to run, never skip silently (`npm test` builds first).
 */

const secrets = chipSecrets();
let stack: TestStack;
let chipId: string;
let linkId: string;
const serverModule = new URL('../../web/dist/.ssr/chipPage.server.js', import.meta.url);

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser sends it, with the bytes as they crossed the wire (node's fetch would decode them). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (raw: Raw): string => {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw.body).toString('utf8');
  return raw.body.toString('utf8');
};

before(async () => {
  assert.ok(
    existsSync(serverModule),
    `the web app is not built (${serverModule.pathname} is missing): run \`npx nx build @metatag/web\` (or \`npm run build\`) first`,
  );
  stack = await startTestStack({ env: secrets });
  const owner = (await newAdmin(stack.url, await superAdmin(stack.url))).client;
  const nftId = await newTemplate(owner);
  await owner.call('PUT', `/json/ganache/nft/${nftId}`, { title: 'Golden <Sneaker> & Co' });
  chipId = await provisionChip(owner, nftId, new SimulatedChip(secrets.CHIP_MASTER_KEY));
  linkId = ((await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { id: string }).id;
});

after(async () => {
  await stack?.stop();
});

test('the HTML of /tag/{id} and /link/{id} carries the NFT before any script, and no inline script', async () => {
  for (const path of [
    `/tag/${chipId}?auth=00112233445566778899AABBCCDDEEFF0011223344556677`,
    `/link/${linkId}`,
  ]) {
    const raw = await rawGet(path, { 'accept-encoding': 'br, gzip' });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers['content-encoding'], 'br', path);
    assert.equal(raw.headers['cache-control'], 'no-store');
    const html = decoded(raw);
    const title = html.indexOf('data-testid="chip-title">Golden &lt;Sneaker&gt; &amp; Co</h1>');
    assert.ok(title > 0, `${path}: the title is in the markup`);
    const firstScript = html.search(/<script(?![^>]*application\/json)/);
    assert.ok(firstScript === -1 || firstScript > 0, 'a script element exists only as a module link');
    // every script element is external (src) or data (application/json): a CSP without inline script allows them
    for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
      assert.ok(/\bsrc=|type="application\/json"/.test(tag), `inline executable script: ${tag}`);
    const data = /<script type="application\/json" id="chip-data">([^<]*)<\/script>/.exec(html);
    assert.ok(data, 'the data block');
    const parsed = JSON.parse(data[1]) as { lookup: { nft: { title: string } }; type: string };
    assert.equal(parsed.lookup.nft.title, 'Golden <Sneaker> & Co');
    assert.ok(!data[1].includes('<'), 'no < inside the data block');
    // chip.css is the ChipPage chunk's own stylesheet, or a shared `chip-*.css` chunk when another
    // page (the mint popup's wallet dialog) imports it too
    const head = html.slice(0, html.indexOf('</head>'));
    assert.match(
      head,
      /<link rel="stylesheet"[^>]*\/(ChipPage|chip)-[^>]*\.css">/,
      'the page stylesheet is in the head',
    );
  }
  // a chip's UID never reaches the page
  const chip = decoded(await rawGet(`/tag/${chipId}`));
  assert.ok(!/"uid":"[0-9A-F]{14}"/.test(chip));
  // an unknown id gets the plain page, which says so itself
  const unknown = await rawGet('/tag/NoSuchChip42');
  assert.equal(unknown.status, 200);
  assert.ok(!decoded(unknown).includes('chip-data'));
});

test('scripts, styles and JSON are compressed as the browser asks, and smaller', async () => {
  const html = decoded(await rawGet(`/link/${linkId}`));
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(html)?.[1];
  assert.ok(script && style);
  for (const asset of [script, style]) {
    const identity = await rawGet(asset, { 'accept-encoding': 'identity' });
    const br = await rawGet(asset, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(asset, { 'accept-encoding': 'gzip' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br', asset);
    assert.equal(gz.headers['content-encoding'], 'gzip', asset);
    assert.ok(br.body.length < gz.body.length && gz.body.length < identity.body.length, asset);
    assert.equal(decoded(br), identity.body.toString('utf8'));
    assert.match(String(br.headers.vary), /accept-encoding/i);
  }
  // JSON above the threshold is compressed on the fly; small answers and the scan fast path are not
  const networks = await rawGet('/json/networks', { 'accept-encoding': 'br' });
  const plain = await rawGet('/json/networks', { 'accept-encoding': 'identity' });
  assert.ok(plain.body.length > 1024, 'a JSON answer above the 1 KB threshold');
  assert.equal(networks.headers['content-encoding'], 'br');
  assert.deepEqual(JSON.parse(decoded(networks)), JSON.parse(plain.body.toString('utf8')));
  const scan = await new Client(stack.url).call(
    'POST',
    '/json/check-tag',
    { tag: chipId, auth: '00' },
    {
      'accept-encoding': 'br',
    },
  );
  assert.equal(scan.status, 200);
});

test('an enveloped call is answered sealed, never compressed around the envelope', async () => {
  const page = decoded(await rawGet(`/link/${linkId}`));
  const keyText = new RegExp(`<meta name="${ENVELOPE_META}" content="([^"]+)"`).exec(page)?.[1];
  assert.ok(keyText, 'the page carries the envelope key');
  const key = await importEnvelopeKey(keyText);
  const raw = await rawGet(`/e/${await sealText(key, '/json/networks')}`, {
    [ENVELOPE_HEADER]: '1',
    'accept-encoding': 'br, gzip',
  });
  assert.equal(raw.status, 200);
  assert.equal(raw.headers[ENVELOPE_HEADER], '1', 'sealed');
  assert.equal(raw.headers['content-encoding'], undefined);
  const sealed = JSON.parse(raw.body.toString('utf8')) as { d: string };
  const opened = JSON.parse(await openText(key, sealed.d)) as { items: Record<string, unknown> };
  assert.ok(opened.items.ganache);
});
