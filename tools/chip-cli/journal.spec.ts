import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from './journal.js';

test('the journal is sealed: a new run under the same master key reads it, nothing is in clear, another key reads nothing', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal');
  const master = randomBytes(16);
  const journal = await new Journal(file, master).load();
  await journal.record({ uid: '04AABBCCDDEEFF', batch: 'b1', step: 'identified', id: 'chipid123456' });
  await journal.record({ uid: '04AABBCCDDEEFF', batch: 'b1', step: 'keys' });
  const text = readFileSync(file, 'utf8');
  // nothing in clear, neither in the file's text nor in its decoded lines; only strings long enough
  // never to turn up by chance in random bytes (a 2-letter batch id would, ~1 run in 20)
  assert.doesNotMatch(text, /04AABBCCDDEEFF|chipid123456/i);
  for (const line of text.trim().split('\n'))
    assert.doesNotMatch(
      Buffer.from(line, 'base64').toString('latin1'),
      /04AABBCCDDEEFF|chipid123456|"step"|"batch"/,
    );
  assert.equal(text.trim().split('\n').length, 2);
  const again = await new Journal(file, master).load();
  assert.deepEqual(
    { ...again.last('04AABBCCDDEEFF'), at: undefined },
    { uid: '04AABBCCDDEEFF', batch: 'b1', step: 'keys', id: 'chipid123456', at: undefined },
  );
  assert.equal((await new Journal(file, randomBytes(16)).load()).last('04AABBCCDDEEFF'), undefined);
});
