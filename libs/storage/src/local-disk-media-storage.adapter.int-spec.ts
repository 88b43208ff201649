import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskMediaStorage } from './local-disk-media-storage.adapter.js';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

test('local disk: write, read whole and by range, stat, delete; a failed write leaves nothing', async () => {
  const root = mkdtempSync(join(tmpdir(), 'metatag-storage-'));
  try {
    const storage = new LocalDiskMediaStorage(root);
    assert.deepEqual(await storage.put('nft/ganache/1/aa', Readable.from([Buffer.from('0123456789')])), {
      size: 10,
    });
    assert.equal(await read(await storage.get('nft/ganache/1/aa')), '0123456789');
    assert.equal(await read(await storage.get('nft/ganache/1/aa', { start: 2, end: 4 })), '234');
    assert.deepEqual(await storage.stat('nft/ganache/1/aa'), { size: 10 });
    assert.equal(await storage.stat('nft/ganache/1/none'), undefined);
    await assert.rejects(storage.get('nft/ganache/1/none'));

    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(1000));
    setTimeout(() => failing.destroy(new Error('cut off')), 20);
    await assert.rejects(storage.put('nft/ganache/1/bb', failing), /cut off/);
    assert.deepEqual(readdirSync(join(root, 'nft/ganache/1')), ['aa'], 'no partial file');

    await storage.delete('nft/ganache/1/aa');
    await storage.delete('nft/ganache/1/aa');
    assert.deepEqual(readdirSync(join(root, 'nft/ganache/1')), []);
    await assert.rejects(storage.put('../escape', Readable.from([Buffer.from('x')])), TypeError);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
