import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, ensureDatabaseExists, runMigrations } from '@metatag/db';
import { ChiplinkRepository } from './links/chiplink.repository.js';

// The migration to one namespace of public names on a database that already holds clashing ids:
// a chip id chosen equal to an older link's uid, and two ids that differ only in case. Nothing is
// lost, the older owner keeps the name, and get-mint-data's lookup can no longer be shadowed.
const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The service's migrations up to the first one only: the schema as it was before this change. */
function firstMigrationOnly(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chiplinks-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, 1);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  copyFileSync(join(migrations, `${journal.entries[0].tag}.sql`), join(dir, `${journal.entries[0].tag}.sql`));
  return dir;
}

test('existing clashing ids migrate safely: the older owner keeps the name, nothing is deleted', async () => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test');
  base.pathname = `/metatag_names_${randomBytes(4).toString('hex')}`;
  const url = base.toString();
  await ensureDatabaseExists(url);
  const database = createDatabase({ url, schema: 'chiplinks' });
  const old = firstMigrationOnly();
  try {
    await runMigrations(database, old);
    const insert = (id: string, type: 'chip' | 'link', uid: string) =>
      database.pool.query(
        `insert into chiplinks.chiplinks (id, type, nft_id, uid, token_to_mint) values ($1, $2, 1, $3, '1099511627776')`,
        [id, type, uid],
      );
    await insert('LinkOld0000001', 'link', 'ABCDEF01234567'); // the victim: a printed link, first
    await insert('ABCDEF01234567', 'chip', '04000000000001'); // a later chip whose id is that uid
    await insert('Xyz123abc', 'chip', '04000000000002');
    await insert('XYZ123ABC', 'chip', '04000000000003'); // the same name in another case, later
    await insert('LinkOld0000002', 'link', '00112233445566');

    await runMigrations(database, migrations);

    const { rows } = await database.pool.query<{ name: string; chiplink_id: string; kind: string }>(
      'select name, chiplink_id, kind from chiplinks.public_names order by name',
    );
    assert.deepEqual(rows, [
      { name: '00112233445566', chiplink_id: 'LinkOld0000002', kind: 'uid' },
      { name: 'ABCDEF01234567', chiplink_id: 'LinkOld0000001', kind: 'uid' },
      { name: 'LINKOLD0000001', chiplink_id: 'LinkOld0000001', kind: 'id' },
      { name: 'LINKOLD0000002', chiplink_id: 'LinkOld0000002', kind: 'id' },
      { name: 'XYZ123ABC', chiplink_id: 'Xyz123abc', kind: 'id' },
    ]);
    const count = await database.pool.query('select count(*)::int as n from chiplinks.chiplinks');
    assert.equal(count.rows[0].n, 5, 'no row is lost');

    const repo = new ChiplinkRepository(database);
    assert.equal(
      (await repo.findByPublicName('ABCDEF01234567'))?.id,
      'LinkOld0000001',
      'the link keeps its uid',
    );
    assert.equal((await repo.findByPublicName('abcdef01234567'))?.id, 'LinkOld0000001', 'in any case');
    assert.equal((await repo.findByPublicName('Xyz123abc'))?.id, 'Xyz123abc');
    assert.equal(await repo.findByPublicName('XYZ123ABC'), undefined, 'the later twin lost the name');
    assert.equal((await repo.findByPublicName('LinkOld0000002'))?.id, 'LinkOld0000002');
    assert.equal(await repo.findByPublicName('linkold0000002'), undefined, 'ids are case-sensitive');

    // new rows claim names in the same namespace
    const taken = await repo.insertMany([
      { id: 'Fresh0000000001', type: 'link', nftId: 1, uid: '04000000000001', tokenToMint: '1099511627777' },
    ]);
    assert.equal(taken.ok, true, 'a free uid is taken');
    const clash = await repo.insertMany([
      { id: 'Fresh0000000002', type: 'link', nftId: 1, uid: 'xyz123abc', tokenToMint: '1099511627778' },
    ]);
    assert.deepEqual(clash, { ok: false, taken: 'name' }, "a link uid equal to a chip's id is refused");
  } finally {
    await database.close();
    rmSync(old, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
    await admin.connect();
    await admin.query(`drop database if exists "${base.pathname.slice(1)}" with (force)`);
    await admin.end();
  }
});
