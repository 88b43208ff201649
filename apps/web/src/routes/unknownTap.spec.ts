import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeTap } from './unknownTap.js';

const P = '4E5A1C0B3F9E8D7C6B5A49382716A5B4';
const MAC = '94EED9EE65337086';

test('the ready forms on paths of their own look like taps', () => {
  assert.equal(looksLikeTap('/ln', `?p=${P}&c=${MAC}`), true); // boltcard
  assert.equal(looksLikeTap('/ntag424', `?e=${P}&c=${MAC}`), true); // NXP AN12196
  assert.equal(looksLikeTap('/p', `?uid=04DE5F1EACC040&ctr=00003D&cmac=${MAC}`), true); // plain
  assert.equal(looksLikeTap(`/b/${P}/${MAC}`, ''), true); // a path form
});

test('an unknown path without SUN data is not asked about', () => {
  assert.equal(looksLikeTap('/nothing-here', ''), false);
  assert.equal(looksLikeTap('/ln', '?p=hello&c=1234'), false);
  assert.equal(looksLikeTap('/a/b/c', '?page=2'), false);
  assert.equal(looksLikeTap('/ln', '?c=0123456789ABC'), false); // 13 hex digits
});
