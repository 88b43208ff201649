import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckTagReply } from '@metatag/api-types';
import { pendingRelayOf, redirectWithTx, weiToEth } from './pendingRelay.js';

const base: CheckTagReply = {
  ok: true,
  fileData: null,
  url: null,
  jwt: 'j',
  scanToken: 's',
  continuation: 'c',
  chain: 'ganache',
  nftId: 1,
  pendingTransactionData: '0xabcdef01',
  pendingTransactionValue: '0',
  transactionDataToRelayer: '0x12345678',
  relayer: `0x${'a'.repeat(40)}`,
  redirectUrl: 'https://shop.example/thanks',
  tamper: null,
};

test('a reply with an authorized relay call is a pending relay', () => {
  assert.deepEqual(pendingRelayOf(base), {
    data: '0xabcdef01',
    value: '0',
    relayer: `0x${'a'.repeat(40)}`,
    relayData: '0x12345678',
    redirectUrl: 'https://shop.example/thanks',
  });
});

test('no relay call (nothing pending, or not authorized) is no pending relay', () => {
  assert.equal(pendingRelayOf({ ...base, pendingTransactionData: null }), null);
  assert.equal(pendingRelayOf({ ...base, transactionDataToRelayer: null }), null);
  assert.equal(pendingRelayOf({ ...base, relayer: 'nope' }), null);
});

test('only http(s) redirect targets are kept', () => {
  assert.equal(pendingRelayOf({ ...base, redirectUrl: 'javascript:alert(1)' })?.redirectUrl, null);
});

test('the redirect carries the hash as ?tx=', () => {
  assert.equal(redirectWithTx('https://shop.example/thanks', '0xab'), 'https://shop.example/thanks?tx=0xab');
  assert.equal(redirectWithTx('https://shop.example/t?a=1', '0xab'), 'https://shop.example/t?a=1&tx=0xab');
});

test('wei reads as ETH', () => {
  assert.equal(weiToEth('0'), '0 ETH');
  assert.equal(weiToEth('10000000000000000'), '0.01 ETH');
  assert.equal(weiToEth('1500000000000000000'), '1.5 ETH');
});
