import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCipheriv, randomBytes } from 'node:crypto';
import { aesOnce, aesTwice } from './aes-once.js';

const openssl = (key: Buffer, block: Buffer) => {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return cipher.update(block);
};

test('aesOnce: FIPS 197 appendix C.1 (AES-128)', () => {
  const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
  const plain = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
  assert.equal(aesOnce(key, plain).toString('hex'), '69c4e0d86a7b0430d8cdb78070b4c55a');
});

test('aesOnce and aesTwice give OpenSSL’s AES-128 on 2,000 random keys and blocks', () => {
  for (let i = 0; i < 2000; i++) {
    const key = randomBytes(16);
    const a = randomBytes(16);
    const b = randomBytes(16);
    assert.deepEqual(aesOnce(key, a), openssl(key, a));
    const [x, y] = aesTwice(key, a, b);
    assert.deepEqual(x, openssl(key, a));
    assert.deepEqual(y, openssl(key, b));
  }
});

test('aesOnce leaves its inputs alone', () => {
  const key = randomBytes(16);
  const block = randomBytes(16);
  const [k, b] = [Buffer.from(key), Buffer.from(block)];
  aesOnce(key, block);
  assert.deepEqual(key, k);
  assert.deepEqual(block, b);
});
