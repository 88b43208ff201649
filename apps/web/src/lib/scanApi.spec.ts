import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_ROUTES } from '@metatag/api-types';
import { SCAN_ROUTES } from './scanApi.js';

test('the early scan calls use the route table’s methods and paths', () => {
  for (const [name, route] of Object.entries(SCAN_ROUTES)) {
    const table = API_ROUTES[name as keyof typeof SCAN_ROUTES];
    assert.deepEqual(
      { method: route.method, path: route.path },
      { method: table.method, path: table.path },
      name,
    );
  }
});
