import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkify, splitDescription, withoutReadMore } from './description.js';

test('the read-more marker splits a description', () => {
  assert.deepEqual(splitDescription('short [READ-MORE] rest'), { short: 'short ', more: ' rest' });
  assert.deepEqual(splitDescription('no marker'), { short: 'no marker', more: null });
});

test('http(s) URLs become links; trailing punctuation stays text', () => {
  assert.deepEqual(linkify('see https://a.example/x?y=1. and http://b.example'), [
    { kind: 'text', text: 'see ' },
    { kind: 'link', href: 'https://a.example/x?y=1', text: 'https://a.example/x?y=1' },
    { kind: 'text', text: '. and ' },
    { kind: 'link', href: 'http://b.example', text: 'http://b.example' },
  ]);
  assert.deepEqual(linkify('javascript:alert(1) ftp://x'), [
    { kind: 'text', text: 'javascript:alert(1) ftp://x' },
  ]);
});

test('a description as one line drops every read-more marker (search results, issue #30)', () => {
  assert.equal(
    withoutReadMore('Short text. [read-more] The rest [READ-MORE] end'),
    'Short text. The rest end',
  );
  assert.equal(withoutReadMore('no marker'), 'no marker');
});
