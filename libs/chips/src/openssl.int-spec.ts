import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { aesCmac, deriveChipKeys, parseSunQuery, simulateTapQuery } from './index.js';

// Another independent implementation (the openssl CLI) confirms what the simulator produces in AES mode.
const opensslCmac = (key: Buffer, data: Buffer) =>
  execFileSync(
    'openssl',
    ['mac', '-cipher', 'AES-128-CBC', '-macopt', `hexkey:${key.toString('hex')}`, 'CMAC'],
    { input: data },
  )
    .toString()
    .trim()
    .toLowerCase();

const opensslDecrypt = (key: Buffer, data: Buffer) =>
  execFileSync(
    'openssl',
    ['enc', '-d', '-aes-128-cbc', '-K', key.toString('hex'), '-iv', '00'.repeat(16), '-nopad'],
    { input: data },
  );

test('openssl agrees on CMAC for random keys and lengths', () => {
  for (let i = 0; i < 20; i++) {
    const key = randomBytes(16);
    const data = randomBytes(i * 3);
    assert.equal(aesCmac(key, data).toString('hex'), opensslCmac(key, data));
  }
});

test('openssl decrypts simulated PICC data and recomputes the SDM MAC over the file data text', () => {
  for (let i = 0; i < 10; i++) {
    const uid = `04${randomBytes(6).toString('hex')}`.toUpperCase();
    const readCounter = 1000 + i;
    const keys = deriveChipKeys(randomBytes(16), uid);
    const fileData = i % 2 ? randomBytes(32) : undefined;
    const query = simulateTapQuery(keys, { uid, readCounter, fileData }, 'picc');
    const message = parseSunQuery(query)!;
    const plain = opensslDecrypt(keys.metaReadKey, message.piccEnc!);
    assert.equal(plain[0], 0xc7);
    assert.equal(plain.subarray(1, 8).toString('hex').toUpperCase(), uid);
    assert.equal(plain.readUIntLE(8, 3), readCounter);
    const counter = Buffer.alloc(3);
    counter.writeUIntLE(readCounter, 0, 3);
    const sv2 = Buffer.concat([Buffer.from('3cc300010080', 'hex'), Buffer.from(uid, 'hex'), counter]);
    const session = Buffer.from(opensslCmac(keys.fileReadKey, sv2), 'hex');
    const enc = /enc=([0-9A-F]+)/.exec(query)?.[1];
    const full = Buffer.from(opensslCmac(session, Buffer.from(enc ? `${enc}&cmac=` : '', 'ascii')), 'hex');
    const truncated = Buffer.from([1, 3, 5, 7, 9, 11, 13, 15].map((b) => full[b]));
    assert.deepEqual(message.mac, truncated);
  }
});
