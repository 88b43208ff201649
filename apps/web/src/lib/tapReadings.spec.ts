import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileDataText, sealBroken, sealOf } from './tapReadings.js';

test('the seal verdict of the two TagTamper letters (permanent, current)', () => {
  assert.equal(sealOf('CC'), 'intact');
  assert.equal(sealOf('OC'), 'opened');
  assert.equal(sealOf('OO'), 'open');
  assert.equal(sealOf('co'), 'open');
  assert.equal(sealOf('II'), 'unknown');
  assert.equal(sealOf(null), null);
  assert.equal(sealBroken('OC'), true);
  assert.equal(sealBroken('CC'), false);
});

test('file data reads as text when printable (block padding dropped), else as hex', () => {
  const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex');
  assert.deepEqual(fileDataText(hex('lot 42 / 2026-11')), { kind: 'text', value: 'lot 42 / 2026-11' });
  assert.deepEqual(fileDataText(hex('OK\0\0\0\0\0\0\0\0\0\0\0\0\0\0')), { kind: 'text', value: 'OK' });
  assert.deepEqual(fileDataText('00ff10ab'), { kind: 'hex', value: '00FF10AB' });
  assert.deepEqual(fileDataText('00000000'), { kind: 'hex', value: '00000000' });
  assert.equal(fileDataText(null), null);
  assert.equal(fileDataText('abc'), null);
});
