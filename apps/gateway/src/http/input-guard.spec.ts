import { test } from 'node:test';
import assert from 'node:assert/strict';
import { malformedInput, MAX_JSON_DEPTH } from './input-guard.js';

const deep = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

test('NUL characters anywhere in the input are a 400 naming where', () => {
  const ok = { path: '/json/x', query: {}, body: { title: 'fine' } };
  assert.equal(malformedInput(ok), undefined);
  assert.match(malformedInput({ ...ok, body: { title: 'a\0b' } })!.message, /NUL.*request body/);
  assert.match(malformedInput({ ...ok, body: { ['k\0']: 1 } })!.message, /NUL/);
  assert.match(malformedInput({ ...ok, body: [[{ x: ['\0'] }]] })!.message, /NUL/);
  assert.match(malformedInput({ ...ok, query: { q: 'a\0' } })!.message, /NUL.*query/);
  assert.match(malformedInput({ ...ok, query: { q: ['a', '\0'] } })!.message, /NUL.*query/);
  assert.match(malformedInput({ ...ok, path: '/tag/a%00b' })!.message, /NUL.*path/);
  assert.equal(malformedInput({ ...ok, body: 'a\0' })!.status, 400);
});

test('JSON deeper than the limit is a 400; 5,000 levels do not overflow', () => {
  const ok = { path: '/json/x', query: {} };
  assert.equal(malformedInput({ ...ok, body: deep(MAX_JSON_DEPTH - 1) }), undefined);
  const refused = malformedInput({ ...ok, body: deep(5000) });
  assert.equal(refused?.status, 400);
  assert.match(refused!.message, /nested too deeply/);
  assert.equal(malformedInput({ ...ok, body: JSON.parse('['.repeat(5000) + ']'.repeat(5000)) })?.status, 400);
});
