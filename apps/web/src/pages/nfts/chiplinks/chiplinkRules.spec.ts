import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  csvPath,
  normalizeChipId,
  offersCsv,
  parseBatchCount,
  parseChipId,
  publicPath,
  qrPath,
} from './chiplinkRules.js';

test('a negative, zero or empty batch count cancels', () => {
  for (const input of ['-1', '-30', ' -2 ', '0', '-0', '', '   ', null, undefined]) {
    assert.deepEqual(parseBatchCount(input), { kind: 'cancel' }, String(input));
  }
});

test('a positive whole batch count is sent', () => {
  assert.deepEqual(parseBatchCount('31'), { kind: 'ok', value: 31 });
  assert.deepEqual(parseBatchCount(' 1 '), { kind: 'ok', value: 1 });
  assert.deepEqual(parseBatchCount('+5'), { kind: 'ok', value: 5 });
  assert.deepEqual(parseBatchCount('10000'), { kind: 'ok', value: 10_000 });
});

test('a batch count that is not a whole number, or too large, is refused before any request', () => {
  for (const input of ['2.5', 'abc', '1e3', '3 links', '10001']) {
    assert.equal(parseBatchCount(input).kind, 'invalid', input);
  }
});

test('an empty chip id cancels', () => {
  for (const input of ['', '   ', ' : - ', null, undefined]) {
    assert.deepEqual(parseChipId(input), { kind: 'cancel' }, String(input));
  }
});

test('a chip id is the 7-byte UID in hex, normalised as the server compares it', () => {
  assert.deepEqual(parseChipId('04a1b2c3d4e5f6'), { kind: 'ok', value: '04A1B2C3D4E5F6' });
  assert.deepEqual(parseChipId('04:A1:B2:C3:D4:E5:F6'), { kind: 'ok', value: '04A1B2C3D4E5F6' });
  assert.deepEqual(parseChipId(' 04 a1 b2 c3 d4 e5 f6 '), { kind: 'ok', value: '04A1B2C3D4E5F6' });
  assert.equal(normalizeChipId('04-a1'), '04A1');
  for (const input of ['04A1B2C3D4E5', '04A1B2C3D4E5F6A7', 'ZZA1B2C3D4E5F6']) {
    assert.equal(parseChipId(input).kind, 'invalid', input);
  }
});

test('the CSV export is offered above 30 rows only', () => {
  assert.equal(offersCsv(0), false);
  assert.equal(offersCsv(30), false);
  assert.equal(offersCsv(31), true);
});

test('public, QR and API paths', () => {
  assert.equal(publicPath('chip', 'Ab12Cd34Ef56Gh'), '/tag/Ab12Cd34Ef56Gh');
  assert.equal(publicPath('link', 'Ab12Cd34Ef56Gh'), '/link/Ab12Cd34Ef56Gh');
  assert.equal(qrPath('Ab12Cd34Ef56Gh', 'svg'), '/json/qrlink/Ab12Cd34Ef56Gh/qr.svg');
  assert.equal(qrPath('Ab12Cd34Ef56Gh', 'png'), '/json/qrlink/Ab12Cd34Ef56Gh/qr.png');
  assert.equal(csvPath('link', 7), '/json/qrlink/link/7/links.csv');
  assert.equal(csvPath('chip', 7, 12), '/json/qrlink/chip/7/links.csv?user=12');
});
