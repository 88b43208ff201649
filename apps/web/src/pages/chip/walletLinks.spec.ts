import { test } from 'node:test';
import assert from 'node:assert/strict';
import { visitUrl } from './visitUrl.js';
import { walletLinks } from './walletLinks.js';

const page = 'https://metatag.example/tag/AbC123xyz456Qw?c=Zm9v-bar_baz';

test('nine wallets, each link carrying the page with its continuation credential', () => {
  const links = walletLinks(page);
  assert.equal(links.length, 9);
  assert.equal(new Set(links.map((l) => l.id)).size, 9);
  const byId = Object.fromEntries(links.map((l) => [l.id, l.href]));
  assert.equal(
    byId.metamask,
    'https://link.metamask.io/dapp/metatag.example/tag/AbC123xyz456Qw?c=Zm9v-bar_baz',
  );
  assert.equal(new URL(byId.coinbase).searchParams.get('cb_url'), page);
  assert.equal(new URL(byId.trust).searchParams.get('url'), page);
  assert.equal(new URL(byId.trust).searchParams.get('coin_id'), '60');
  const okx = new URL(new URL(byId.okx).searchParams.get('deeplink') ?? '');
  assert.equal(okx.searchParams.get('dappUrl'), page);
  assert.equal(decodeURIComponent(new URL(byId.phantom).pathname.slice('/ul/browse/'.length)), page);
  assert.equal(new URL(byId.bitget).searchParams.get('url'), page);
  assert.equal(new URL(byId.imtoken).searchParams.get('url'), page);
  assert.equal(JSON.parse(new URL(byId.tokenpocket).searchParams.get('params') ?? '{}').url, page);
  assert.equal(new URL(byId.zerion).searchParams.get('url'), page);
});

test('the visit URL replaces the SUN parameters by the credential and keeps path and hash', () => {
  assert.equal(
    visitUrl({ origin: 'https://m.example', pathname: '/tag/Abc123', hash: '#x' }, 'a+b/c'),
    'https://m.example/tag/Abc123?mtv=a%2Bb%2Fc#x',
  );
  // an http origin (local development) keeps its scheme in MetaMask's path form
  assert.match(
    walletLinks('http://localhost:3000/tag/A?c=1')[0].href,
    /dapp\/http:\/\/localhost:3000\/tag\/A\?c=1$/,
  );
});
