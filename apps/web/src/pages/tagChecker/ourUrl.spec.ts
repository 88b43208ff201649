import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ourUrl } from './ourUrl.js';
import { describeRecord } from './ndef.js';

const ORIGIN = 'https://metatag.example';

test('a chip URL of ours with its tap', () => {
  assert.deepEqual(ourUrl(`${ORIGIN}/tag/AbC123?auth=00ff`, [ORIGIN]), {
    type: 'chip',
    id: 'AbC123',
    tap: 'auth=00ff',
  });
  assert.deepEqual(ourUrl(`${ORIGIN}/tag/AbC123`, [ORIGIN]), { type: 'chip', id: 'AbC123', tap: null });
  assert.deepEqual(ourUrl(`${ORIGIN}/link/Q1`, [ORIGIN]), { type: 'link', id: 'Q1' });
});

test('foreign origins, other paths and non-URLs are not ours', () => {
  assert.equal(ourUrl('https://evil.example/tag/AbC123?auth=00', [ORIGIN]), null);
  assert.equal(ourUrl(`${ORIGIN}/search/x`, [ORIGIN]), null);
  assert.equal(ourUrl('hello', [ORIGIN]), null);
});

const view = (text: string) => new DataView(new TextEncoder().encode(text).buffer);

test('records: url, text, mime and raw', () => {
  assert.equal(
    describeRecord({ recordType: 'url', data: view('https://a.example/') }).value,
    'https://a.example/',
  );
  assert.equal(describeRecord({ recordType: 'text', encoding: 'utf-8', data: view('héllo') }).value, 'héllo');
  const mime = describeRecord({ recordType: 'mime', mediaType: 'application/json', data: view('{}') });
  assert.deepEqual([mime.kind, mime.value, mime.hex, mime.size], ['mime', 'application/json', '7b 7d', 2]);
  const raw = describeRecord({ recordType: 'unknown', data: new DataView(new Uint8Array([1, 171]).buffer) });
  assert.deepEqual([raw.kind, raw.hex], ['raw', '01 ab']);
});
