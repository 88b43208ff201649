import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseNftTemplatePatch } from './templates.js';
import { isRealOrigin } from './routes/mint-flow.routes.js';
import { collectionTemplatePatchSchema, isColor } from './collections.js';

test('one changed field, or limit + title + collection together', () => {
  assert.deepEqual(parseNftTemplatePatch({ title: ' Hi ' }), { ok: true, patch: { title: ' Hi ' } });
  assert.deepEqual(parseNftTemplatePatch({ limit: '7' }), { ok: true, patch: { limit: 7 } });
  assert.deepEqual(parseNftTemplatePatch({ price: ' 0.5 ' }), { ok: true, patch: { price: '0.5' } });
  assert.deepEqual(parseNftTemplatePatch({ price: '' }), { ok: true, patch: { price: '' } });
  assert.deepEqual(parseNftTemplatePatch({ collection: '0x' + 'A'.repeat(40) }), {
    ok: true,
    patch: { collection: '0x' + 'a'.repeat(40) },
  });
  assert.deepEqual(parseNftTemplatePatch({ limit: 1, title: 't', collection: '' }), {
    ok: true,
    patch: { limit: 1, title: 't', collection: '' },
  });
  assert.equal(parseNftTemplatePatch({ isMultiMintEnabledchip: 'false' }).ok, true);
});

test('anything else is refused', () => {
  for (const body of [
    null,
    [],
    'title',
    {},
    { title: 'a', price: '1' },
    { limit: 1, title: 't', price: '1' },
    { price: '-0.1' },
    { price: '1e18' },
    { limit: -3 },
    { limit: 2 ** 31 },
    { payoutAddress: '0x12' },
    { utility_url: 'www.example.com' },
    { isMultiMintEnabledlink: 1 },
    { created: 'now' },
  ])
    assert.deepEqual(parseNftTemplatePatch(body), { ok: false }, JSON.stringify(body));
});

test('colours: #rgb, #rrggbb, CSS names or empty', () => {
  for (const ok of ['', '#fff', '#A1B2C3', 'red', 'RebeccaPurple', 'transparent'])
    assert.equal(isColor(ok), true, ok);
  for (const bad of ['#ff', '#abcd', '#12345g', 'blurple', 'red;', 'rgb(0,0,0)', 'url(x)'])
    assert.equal(isColor(bad), false, bad);
});

test('collection template patches: known fields only, validated', () => {
  assert.equal(collectionTemplatePatchSchema.safeParse({ theme: 'dark', menuToggle: true }).success, true);
  assert.equal(
    collectionTemplatePatchSchema.safeParse({
      menuLinks: [{ title: 'Home', href: '/ganache/admin/collections' }],
    }).success,
    true,
  );
  assert.equal(collectionTemplatePatchSchema.safeParse({ theme: 'blue' }).success, false);
  assert.equal(collectionTemplatePatchSchema.safeParse({ other: 1 }).success, false);
  assert.equal(collectionTemplatePatchSchema.safeParse({ logoPadding: '10px; color: red' }).success, false);
});

test('isRealOrigin: one site, exactly as a browser writes its origin', () => {
  for (const good of [
    'https://shop.example',
    'http://localhost:8080',
    'https://xn--bcher-kva.example',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
  ])
    assert.ok(isRealOrigin(good), good);
  for (const bad of [
    'https://*',
    'https://*.shop.example',
    'https://shop.example/',
    'https://shop.example/x',
    'https://a@shop.example',
    'https://shop.example?x',
    'https://shop.example#x',
    'https://Shop.example',
    'ftp://shop.example',
    'javascript:alert(1)',
    'null',
    '*',
    'https://sh_op.example',
    'https://shop.example:443',
  ])
    assert.ok(!isRealOrigin(bad), bad);
});
