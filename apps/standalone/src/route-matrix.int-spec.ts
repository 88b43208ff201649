import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { API_ROUTES } from '@metatag/api-types';
import { ACCESS_RULE, GATEWAY_CONTROLLERS, type Role } from '@metatag/gateway';
import { ADMIN_PASSWORD, Client, startTestStack, type TestStack } from './testing/stack.fixture.js';

// Every gateway route, called as each role of spec section 6. A route without an access rule fails
// this test; so does a route registered with Express that the controller list does not know.
type Caller = 'anonymous' | 'wallet' | 'admin' | 'superAdmin';
interface Route {
  method: string;
  path: string;
  rule: Role | undefined;
}

let stack: TestStack;
before(async () => {
  stack = await startTestStack();
});
after(() => stack?.stop());

function declaredRoutes(): Route[] {
  const routes: Route[] = [];
  for (const controller of GATEWAY_CONTROLLERS) {
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as unknown as Record<string, object>)[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (name === 'constructor' || typeof handler !== 'function' || path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const rule = Reflect.getMetadata(ACCESS_RULE, handler) ?? Reflect.getMetadata(ACCESS_RULE, controller);
      routes.push({
        method,
        path: `/${[prefix, path].filter(Boolean).join('/')}`.replace(/\/+/g, '/'),
        rule,
      });
    }
  }
  return routes;
}

function registeredRoutes(): string[] {
  const app = stack.stack.gateway.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  return app.router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route!.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`),
    );
}

async function callers(): Promise<Record<Caller, Client>> {
  const anonymous = new Client(stack.url);
  const superAdmin = new Client(stack.url);
  await superAdmin.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
  const name = `matrix${Date.now()}`;
  const created = await superAdmin.call('POST', '/json/users', { address: name });
  await superAdmin.call('POST', '/json/users/set-password', { id: created.body.id, password: 'matrix-pw' });
  const admin = new Client(stack.url);
  await admin.call('POST', '/password-login', { name, password: 'matrix-pw' });
  const wallet = new Client(stack.url);
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  const { body } = await wallet.call('GET', `/auth/nonce?address=${address}`);
  await wallet.call('POST', '/auth/login', {
    address,
    signature: await account.signMessage({ message: body.message as string }),
  });
  for (const [role, client] of Object.entries({ superAdmin, admin, wallet }))
    assert.ok(client.cookie, `${role} signed in`);
  return { anonymous, wallet, admin, superAdmin };
}

const allowed: Record<Role, Caller[]> = {
  anonymous: ['anonymous', 'wallet', 'admin', 'superAdmin'],
  admin: ['wallet', 'admin', 'superAdmin'],
  superAdmin: ['superAdmin'],
};

test('every route has an access rule, and the controller list covers every registered route', () => {
  const routes = declaredRoutes();
  assert.ok(
    registeredRoutes().length >= routes.length && routes.length >= 14,
    'the gateway routes were found',
  );
  const missing = routes.filter((r) => !r.rule).map((r) => `${r.method} ${r.path}`);
  assert.deepEqual(missing, [], 'routes without @Public() or @Allow()');
  const declared = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const unknown = registeredRoutes().filter((r) => !declared.has(r));
  assert.deepEqual(unknown, [], 'routes registered outside GATEWAY_CONTROLLERS');
});

test("the app's router serves exactly the routes of the route table (libs/api-types)", () => {
  const registered = [...new Set(registeredRoutes())].sort();
  const table = Object.values(API_ROUTES)
    .map((r) => `${r.method} ${r.path}`)
    .sort();
  assert.deepEqual(registered, table);
});

/**
 * Public routes that carry their own credential in the request (the shop webhook's access_token and
 * signature): without one they answer 401 to every caller, whatever the session.
 */
const SELF_AUTHENTICATED = new Set(['POST /woocommerce-webhook']);

test('each role gets exactly the routes its rule allows', async () => {
  const routes = declaredRoutes();
  const failures: string[] = [];
  let clients = await callers();
  for (const route of routes) {
    const path = route.path.replace(':chain', 'ganache').replace(/:[a-zA-Z]+/g, '1');
    for (const caller of Object.keys(clients) as Caller[]) {
      const res = await clients[caller].call(route.method, path, route.method === 'GET' ? undefined : {});
      const denied = res.status === 401 || res.status === 403;
      const shouldPass = allowed[route.rule!].includes(caller);
      if (SELF_AUTHENTICATED.has(`${route.method} ${route.path}`)) {
        if (res.status !== 401) failures.push(`${route.method} ${route.path} as ${caller}: ${res.status}`);
        continue;
      }
      const expectedDenial = caller === 'anonymous' ? 401 : 403;
      if (shouldPass && denied)
        failures.push(`${route.method} ${route.path} as ${caller}: ${res.status}, expected access`);
      if (!shouldPass && res.status !== expectedDenial) {
        failures.push(
          `${route.method} ${route.path} as ${caller}: ${res.status}, expected ${expectedDenial}`,
        );
      }
      if (res.status >= 500 && res.status !== 503)
        failures.push(`${route.method} ${route.path} as ${caller}: ${res.status}`);
    }
    if (route.path === '/auth/logout') clients = await callers(); // the sessions were just ended
  }
  assert.deepEqual(failures, []);
});
