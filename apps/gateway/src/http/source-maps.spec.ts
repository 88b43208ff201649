import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { refuseSourceMaps } from './source-maps.js';

test('source maps of the web build are never served; the bundles are', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maps-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"sources":["src/secret.tsx"]}');
  // the gateway's order: the refusal ahead of the static files
  const app = express();
  app.use(refuseSourceMaps);
  app.use(expressStaticGzip(dir, { index: false }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, text: await res.text() };
  };
  try {
    assert.equal((await get('/assets/index-abc.js')).status, 200);
    for (const path of [
      '/assets/index-abc.js.map',
      '/assets/index-abc.js%2Emap',
      '/assets/index-abc.js.MAP',
    ]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.text, /secret/);
    }
  } finally {
    server.close();
  }
});
