import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { API_ROUTES, findRoute, type RouteAccess, type RouteDefinition } from '@metatag/api-types';
import { ACCESS_RULE, AUTH_TOKEN_RULE, type Role } from '../access/access.decorators.js';
import { GATEWAY_CONTROLLERS } from '../gateway.module.js';

interface Mapped {
  key: string;
  rule: Role | undefined;
  authToken: boolean;
}

/** Every route Nest maps for the gateway's controllers, read from the same metadata its router explores. */
function mappedRoutes(): Mapped[] {
  const routes: Mapped[] = [];
  for (const controller of GATEWAY_CONTROLLERS) {
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as unknown as Record<string, object>)[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      routes.push({
        key: `${method} ${`/${[prefix, path].filter(Boolean).join('/')}`.replace(/\/+/g, '/')}`,
        rule: Reflect.getMetadata(ACCESS_RULE, handler) ?? Reflect.getMetadata(ACCESS_RULE, controller),
        authToken: Reflect.getMetadata(AUTH_TOKEN_RULE, handler) !== undefined,
      });
    }
  }
  return routes;
}

const tableRoutes = Object.values(API_ROUTES) as RouteDefinition[];
const keyOf = (r: RouteDefinition) => `${r.method} ${r.path}`;
/** wallet-signature and scan-token routes are public at the edge: their handlers check the credential. */
const edgeRule: Record<RouteAccess, Role> = {
  public: 'anonymous',
  walletSignature: 'anonymous',
  scanToken: 'anonymous',
  admin: 'admin',
  superAdmin: 'superAdmin',
};

test('every route the gateway maps is in the route table, and the table names no other', () => {
  const mapped = mappedRoutes().map((r) => r.key);
  assert.ok(mapped.length >= 50, `found the gateway's routes (${mapped.length})`);
  const table = tableRoutes.map(keyOf);
  assert.deepEqual(
    mapped.filter((k) => !table.includes(k)),
    [],
    'routes the gateway serves that libs/api-types API_ROUTES lacks',
  );
  assert.deepEqual(
    table.filter((k) => !mapped.includes(k)),
    [],
    'routes in API_ROUTES that the gateway does not serve',
  );
  assert.equal(new Set(table).size, table.length, 'no route twice in the table');
});

test("the table's access rule is the one the gateway enforces", () => {
  const byKey = new Map(mappedRoutes().map((r) => [r.key, r]));
  const wrong: string[] = [];
  for (const route of tableRoutes) {
    const mapped = byKey.get(keyOf(route));
    if (!mapped) continue;
    if (mapped.rule !== edgeRule[route.access])
      wrong.push(`${keyOf(route)}: table ${route.access}, gateway ${mapped.rule}`);
    if (mapped.authToken !== Boolean(route.authToken))
      wrong.push(
        `${keyOf(route)}: ?authtoken table ${Boolean(route.authToken)}, gateway ${mapped.authToken}`,
      );
  }
  assert.deepEqual(wrong, []);
});

test('a concrete path finds its route; literal segments win over parameters', () => {
  assert.equal(findRoute('GET', '/json/qrlink/abc123/qr.svg')?.name, 'qrSvg');
  assert.equal(findRoute('GET', '/json/qrlink/chip/12')?.name, 'listChiplinks');
  assert.equal(findRoute('GET', '/json/qrlink/link/12/links.csv')?.name, 'chiplinksCsv');
  assert.equal(findRoute('POST', '/json/ganache/nft?user=2')?.name, 'createNft');
  assert.equal(findRoute('GET', '/json/users')?.name, 'listUsers');
  assert.equal(findRoute('GET', '/nowhere'), undefined);
});
