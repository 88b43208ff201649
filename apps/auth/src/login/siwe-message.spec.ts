import { test } from 'node:test';
import assert from 'node:assert/strict';
import { privateKeyToAccount } from 'viem/accounts';
import { recoverMessageAddress } from 'viem';
import { buildSiweMessage, parseSiweMessage } from './siwe-message.js';

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const fields = {
  domain: 'localhost:3000',
  address: account.address.toLowerCase(),
  statement: 'Sign in to MetaTag. By signing you accept the terms of service at http://localhost:3000/terms.',
  uri: 'http://localhost:3000',
  version: '1' as const,
  chainId: 1,
  nonce: 'a1b2c3d4e5f6a7b8',
  issuedAt: new Date('2026-01-01T00:00:00Z'),
  expirationTime: new Date('2026-01-01T00:10:00Z'),
};

test('the message follows EIP-4361 with the lower-cased address and the nonce', () => {
  const message = buildSiweMessage(fields);
  assert.equal(message.split('\n')[0], 'localhost:3000 wants you to sign in with your Ethereum account:');
  assert.equal(message.split('\n')[1], fields.address);
  assert.match(message, /\nNonce: a1b2c3d4e5f6a7b8\n/);
  assert.match(message, /terms of service/);
  assert.deepEqual(parseSiweMessage(message), {
    domain: 'localhost:3000',
    address: fields.address,
    uri: 'http://localhost:3000',
    chainId: 1,
    nonce: fields.nonce,
    expirationTime: fields.expirationTime,
  });
});

test('a wallet signature over the message recovers the signer', async () => {
  const message = buildSiweMessage(fields);
  const signature = await account.signMessage({ message });
  assert.equal((await recoverMessageAddress({ message, signature })).toLowerCase(), fields.address);
});

test('tampered or foreign text does not parse', () => {
  assert.equal(parseSiweMessage(buildSiweMessage(fields).replace('Version: 1', 'Version: 2')), undefined);
  assert.equal(parseSiweMessage('hello'), undefined);
  assert.equal(
    parseSiweMessage(buildSiweMessage({ ...fields, address: account.address })),
    undefined,
    'checksummed address',
  );
});
