import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { configTableMarkdown } from '@metatag/config';
import { README, configTableOf } from './readme-config.js';

test('the README configuration table matches libs/config (npm run docs:config rewrites it)', () => {
  assert.equal(configTableOf(readFileSync(README, 'utf8')), configTableMarkdown());
});

test('the README shows the two commands', () => {
  const readme = readFileSync(README, 'utf8');
  assert.match(readme, /npm install && npm start/);
  assert.match(readme, /npm test/);
  assert.match(readme, /npm run start:distributed/);
});
