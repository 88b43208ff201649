import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from './request-logger.js';

test('credentials in a query string never reach the request log', () => {
  assert.equal(
    redactUrl('/json/get-mint-data/abc?to=0x1&auth=04AB12&authtoken=eyJ.x.y'),
    '/json/get-mint-data/abc?to=0x1&auth=[redacted]&authtoken=[redacted]',
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
