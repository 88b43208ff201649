import assert from 'node:assert/strict';
import { test } from 'node:test';
import { twoTapVerdict } from './two-tap.rule.js';

const rule = { minSeconds: 5, maxMinutes: 2 };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);

test('one tap alone never claims', () => {
  assert.equal(twoTapVerdict(rule, at(0), undefined), 'second_tap_needed');
});

test('the second tap must come at least minSeconds after the first', () => {
  assert.equal(twoTapVerdict(rule, at(4.999), at(0)), 'second_tap_too_soon');
  assert.equal(twoTapVerdict(rule, at(5), at(0)), undefined);
});

test('and at most maxMinutes after it', () => {
  assert.equal(twoTapVerdict(rule, at(120), at(0)), undefined);
  assert.equal(twoTapVerdict(rule, at(120.001), at(0)), 'second_tap_too_late');
});
