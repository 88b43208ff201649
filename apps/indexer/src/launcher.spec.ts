import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePonderLine } from './ponder-process.js';
import { versionedSchemaName } from './schema-version.js';
import { viewStatements, VIEW_NAMES } from './views.js';
import type { IndexedChain } from './chains.js';

const ganache: IndexedChain = {
  name: 'ganache',
  chainId: 1337,
  rpcUrl: 'http://127.0.0.1:8545',
  locator: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  startBlock: 0,
  pollingInterval: 100,
};

test('a build gets its own schema; an unchanged restart the same one', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ponder-src-'));
  try {
    await mkdir(join(dir, 'src'));
    await mkdir(join(dir, '.ponder'));
    await writeFile(join(dir, 'ponder.schema.ts'), 'a');
    await writeFile(join(dir, 'src', 'x.ts'), 'b');
    const identities = [{ chainId: 1337, firstBlockHash: '0x01' }];
    const input = { base: 'chain', ponderDir: dir, ponderVersion: '1.0.0', chains: [ganache], identities };
    const name = await versionedSchemaName(input);
    assert.match(name, /^chain_[0-9a-f]{10}$/);
    assert.equal(await versionedSchemaName(input), name);
    // What Ponder writes itself and the RPC URL (not part of Ponder's build id) change nothing.
    await writeFile(join(dir, '.ponder', 'state'), 'x');
    await writeFile(join(dir, 'ponder-env.d.ts'), 'x');
    assert.equal(
      await versionedSchemaName({ ...input, chains: [{ ...ganache, rpcUrl: 'http://other:1' }] }),
      name,
    );
    const others = [
      { ...input, chains: [{ ...ganache, startBlock: 5 }] },
      { ...input, identities: [{ chainId: 1337, firstBlockHash: '0x02' }] },
      { ...input, ponderVersion: '1.0.1' },
      { ...input, base: 'index' },
    ];
    for (const other of others) assert.notEqual(await versionedSchemaName(other), name);
    await writeFile(join(dir, 'src', 'x.ts'), 'c');
    assert.notEqual(await versionedSchemaName(input), name, 'changed indexing code');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the views have the names and columns the readers rely on', () => {
  const sql = viewStatements('chain', 'chain_0123456789', [ganache]).join('\n');
  for (const view of VIEW_NAMES) assert.match(sql, new RegExp(`CREATE VIEW "chain"\\.${view} AS`));
  assert.match(sql, /FROM "chain_0123456789"\.transfer\b/);
  assert.match(sql, /\('ganache', 1337\)/);
  assert.throws(() => viewStatements('chain"; drop', 'x', []), /not a plain SQL name/);
});

test("Ponder's output becomes log entries", () => {
  assert.deepEqual(
    parsePonderLine('{"level":50,"time":1,"service":"sync","msg":"boom","error":{"message":"x"}}'),
    {
      level: 'error',
      msg: 'boom',
      service: 'sync',
      error: { message: 'x' },
    },
  );
  assert.deepEqual(parsePonderLine('[ponder_sync migration] started'), {
    level: 'info',
    msg: '[ponder_sync migration] started',
  });
});
