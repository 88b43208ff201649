import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from './request-logger.js';

test('credentials in a query string never reach the request log', () => {
  assert.equal(
    redactUrl('/json/get-mint-data/abc?to=0x1&auth=04AB12&authtoken=eyJ.x.y'),
    '/json/get-mint-data/[redacted]?to=0x1&auth=[redacted]&authtoken=[redacted]',
  );
  assert.equal(redactUrl('/tag/abc?AUTH=0FF&jwt=a.b.c#x'), '/tag/abc?AUTH=[redacted]&jwt=[redacted]#x');
  assert.equal(redactUrl('/json/user?author=ann'), '/json/user?author=ann');
  assert.equal(redactUrl('/tag/abc?c=Zm9vYmFy-_'), '/tag/abc?c=[redacted]', 'a continuation credential');
  assert.equal(redactUrl('/tag/abc?cc=1&c2=3'), '/tag/abc?cc=1&c2=3');
  assert.equal(
    redactUrl('/woocommerce-webhook?access_token=wc_abc'),
    '/woocommerce-webhook?access_token=[redacted]',
    'the shop webhook token',
  );
});

test('redaction reads parameter names as the server does: URL-decoded', () => {
  assert.equal(redactUrl('/x?auth%74oken=secret&a=1'), '/x?auth%74oken=[redacted]&a=1');
  assert.equal(redactUrl('/x?%4A%57%54=a.b.c'), '/x?%4A%57%54=[redacted]');
  assert.equal(redactUrl('/x?%61uth=04AB;c=zz'), '/x?%61uth=[redacted];c=[redacted]');
  assert.equal(
    redactUrl('/x?auth%74oken%=s'),
    '/x?auth%74oken%=s',
    'not a name the server reads as authtoken',
  );
  assert.equal(redactUrl('/x?tok%65n=%ZZ#frag'), '/x?tok%65n=[redacted]#frag');
  assert.equal(redactUrl('/plain/path'), '/plain/path');
});

test('the embed ticket and other credential-bearing parameters are redacted', () => {
  assert.equal(
    redactUrl('/ganache/mint-flow?ticket=eyJ1Ijo.sig&x=1'),
    '/ganache/mint-flow?ticket=[redacted]&x=1',
  );
  assert.equal(redactUrl('/x?Ticket=a&%74icket=b'), '/x?Ticket=[redacted]&%74icket=[redacted]');
  for (const name of ['password', 'secret', 'signature', 'key', 'api_key', 'nonce', 'code']) {
    assert.equal(redactUrl(`/x?${name}=s3cret`), `/x?${name}=[redacted]`, name);
  }
});

test('claim ids in paths and the search query are redacted; the route stays readable', () => {
  const id = 'Kq3vX9aB2cD4eF';
  for (const [url, logged] of [
    [`/link/${id}`, '/link/[redacted]'],
    [`/LINK/${id}/`, '/LINK/[redacted]/'],
    [`/json/get-mint-data/${id}?to=0xabc`, '/json/get-mint-data/[redacted]?to=0xabc'],
    [`/json/claim-gasless/${id}`, '/json/claim-gasless/[redacted]'],
    [`/json/email-claim/${id}?scanToken=s`, '/json/email-claim/[redacted]?scanToken=s'],
    [`/json/nft-by-chiplink/${id}`, '/json/nft-by-chiplink/[redacted]'],
    [`/json/chiplink-token/${id}`, '/json/chiplink-token/[redacted]'],
    [`/json/qrlink/${id}/qr.svg`, '/json/qrlink/[redacted]/qr.svg'],
    [`/json/qrlink/${id}/qr.png`, '/json/qrlink/[redacted]/qr.png'],
    [`/search/${id}`, '/search/[redacted]'],
    [`/json/search?q=${id}&chain=ganache`, '/json/search?q=[redacted]&chain=ganache'],
    [`/json/search/?Q=${id}`, '/json/search/?Q=[redacted]'],
    [`/link/${id}#top`, '/link/[redacted]#top'],
  ])
    assert.equal(redactUrl(url), logged, url);
  // what names no claim stays as it was: an owner's template, a list, another route's `q`
  for (const url of [
    '/json/qrlink/link/12',
    '/json/qrlink/link/12/links.csv',
    '/json/email-claims/12',
    '/json/email-claim-link',
    '/json/search',
    '/json/user?q=ticket',
    '/linkage/abc',
  ])
    assert.equal(redactUrl(url), url, url);
});
