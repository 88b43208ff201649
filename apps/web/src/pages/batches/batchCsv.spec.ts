import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBatchCsv, repeatedUids } from './batchCsv.js';

test('batch CSV rows keep their file line numbers, with or without a header', () => {
  assert.deepEqual(
    parseBatchCsv('uid,fileReadKey\n04A1B2C3D4E5F6,00112233445566778899aabbccddeeff\n\n"04A1B2C3D4E5F7",\n'),
    [
      { line: 2, uid: '04A1B2C3D4E5F6', fileReadKey: '00112233445566778899aabbccddeeff' },
      { line: 4, uid: '04A1B2C3D4E5F7' },
    ],
  );
  assert.deepEqual(parseBatchCsv('04A1B2C3D4E5F6\r\n04A1B2C3D4E5F7'), [
    { line: 1, uid: '04A1B2C3D4E5F6' },
    { line: 2, uid: '04A1B2C3D4E5F7' },
  ]);
});

test('a UID repeated anywhere in the file is known by its first line, however it is spelt', () => {
  const rows = parseBatchCsv('uid\n04A1B2C3D4E5F6\n04a1b2c3d4e5f7\n\n04:A1:B2:C3:D4:E5:F6\n04A1B2C3D4E5F7\n');
  assert.deepEqual(
    [...repeatedUids(rows)],
    [
      [5, 2],
      [6, 3],
    ],
  );
  assert.equal(repeatedUids(parseBatchCsv('uid\n\n')).size, 0);
});
