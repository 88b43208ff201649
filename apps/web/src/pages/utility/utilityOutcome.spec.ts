import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utilityOutcome } from './utilityOutcome.js';

test('a url redirects; an error shows errorMessage or "error"; neither alerts "unspecified error"', () => {
  assert.deepEqual(utilityOutcome({ error: false, url: 'https://club.example/vip' }), {
    kind: 'redirect',
    url: 'https://club.example/vip',
  });
  assert.deepEqual(utilityOutcome({ error: true, errorMessage: 'No', url: 'https://x.example/sorry' }), {
    kind: 'redirect',
    url: 'https://x.example/sorry',
  });
  assert.deepEqual(utilityOutcome({ error: true, errorMessage: 'Not yours', url: '' }), {
    kind: 'message',
    text: 'Not yours',
  });
  assert.deepEqual(utilityOutcome({ error: 'server error' }), { kind: 'message', text: 'error' });
  assert.deepEqual(utilityOutcome({}), { kind: 'alert', text: 'unspecified error' });
  assert.deepEqual(utilityOutcome({ url: 'javascript:alert(1)' }), {
    kind: 'alert',
    text: 'unspecified error',
  });
});
