import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { API_ROUTES, openApiPath } from '@metatag/api-types';
import { OPENAPI_FILE, openApiText } from './openapi-doc.js';

test('docs/openapi.json is the document of the route table (npm run docs:api rewrites it)', () => {
  assert.ok(
    readFileSync(OPENAPI_FILE, 'utf8') === openApiText(),
    'docs/openapi.json is stale: run npm run docs:api and commit it',
  );
});

test('the document has one operation per route, with its access rule and error replies', () => {
  const doc = JSON.parse(openApiText()) as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string; 'x-access': string; responses: object }>>;
  };
  assert.equal(doc.openapi, '3.1.0');
  for (const [name, route] of Object.entries(API_ROUTES)) {
    const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    assert.ok(op, `${route.method} ${route.path} documented`);
    assert.equal(op.operationId, name);
    assert.equal(op['x-access'], route.access);
    assert.ok('400' in op.responses, `${name} documents its 400`);
  }
});
