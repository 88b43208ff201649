import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { API_ROUTES, pathParamNames, type RouteDefinition } from '@metatag/api-types';
import { startTestStack, type Client, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, superAdmin } from './testing/chips.fixture.js';

// Issue #28 item 5: a name of Object.prototype in any path segment or body key of any route of the
// route table (`/api/docs/__proto__` answered 500) is an ordinary unknown name: a 4xx. The stack's
// chain RPC is unreachable on purpose: a route that must ask the chain may say so (503
// chain_unavailable), nothing else may answer 5xx. Called signed in as a super admin and as an
// account owner, so the handlers behind the access guard run too, and anonymously.
const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const ROUTES = Object.entries(API_ROUTES) as [string, RouteDefinition][];

let stack: TestStack;
let callers: Client[];
before(async () => {
  stack = await startTestStack({ env: chipSecrets() });
  const boss = await superAdmin(stack.url);
  const owner = (await newAdmin(stack.url, boss)).client;
  await newTemplate(owner);
  callers = [boss, owner];
});
after(() => stack?.stop());

/** The route's path with each parameter replaced: by a prototype name, or by a plain value. */
function concretePath(route: RouteDefinition, values: Record<string, string>): string {
  let path = route.path;
  for (const name of pathParamNames(route.path))
    path = path.replace(`:${name}`, encodeURIComponent(values[name] ?? '999999'));
  return path;
}

/** The route's example body (or an empty object) with prototype names as keys, at the top and one level down. */
function bodyWith(route: RouteDefinition, keys: string[], nested: boolean): string {
  // an example's `id` (set-password's is user 2: the owner) must not change the callers' own accounts
  const base =
    route.example && typeof route.example === 'object' && !Array.isArray(route.example)
      ? JSON.stringify({ ...route.example, ...('id' in route.example ? { id: 999_999 } : {}) }).slice(1, -1)
      : '';
  // written as text: an object literal's `__proto__` key would set the prototype, not a property
  const extra = keys.map((k) => (nested ? `"${k}":{"${k}":{"polluted":true}}` : `"${k}":"${k}"`)).join(',');
  return `{${[base, extra].filter(Boolean).join(',')}}`;
}

interface Outcome {
  status: number;
  text: string;
}
const seen = new Map<number, number>();
let requests = 0;
const failures: string[] = [];
/** The 503s let through (route and error code), printed with the counts so a reader can judge them. */
const allowed503 = new Set<string>();

async function send(caller: Client | undefined, method: string, path: string, body?: string) {
  // signing out would end the callers' sessions for the rest of the run
  if (path.startsWith('/auth/logout')) caller = undefined;
  const headers: Record<string, string> = { origin: stack.url };
  if (caller?.cookie) headers.cookie = caller.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.url}${path}`, { method, headers, body, redirect: 'manual' });
  const outcome: Outcome = { status: res.status, text: await res.text() };
  requests += 1;
  seen.set(outcome.status, (seen.get(outcome.status) ?? 0) + 1);
  // the two honest 503s of this stack: no chain, and (pages) no web build in a bare checkout
  const expected503 =
    outcome.status === 503 && /chain|unavailable|rpc|web app is not built/i.test(outcome.text);
  if (expected503) allowed503.add(`${method} ${path.split('?')[0]} ${outcome.text.slice(0, 80)}`);
  if (outcome.status >= 500 && !expected503)
    failures.push(`${method} ${path} ${body ?? ''}: ${outcome.status} ${outcome.text.slice(0, 200)}`);
  return outcome;
}

test('every route × every prototype name in every path segment and body key: no 5xx', async () => {
  for (const [, route] of ROUTES) {
    const params = pathParamNames(route.path);
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    for (const name of NAMES) {
      for (const caller of [...callers, undefined]) {
        // each parameter alone, then all at once
        for (const param of params) await send(caller, route.method, concretePath(route, { [param]: name }));
        if (params.length > 1)
          await send(
            caller,
            route.method,
            concretePath(route, Object.fromEntries(params.map((p) => [p, name]))),
          );
        if (params.length === 0 && !hasBody) await send(caller, route.method, `${route.path}/${name}`);
        if (hasBody) {
          const path = concretePath(route, {});
          await send(caller, route.method, path, bodyWith(route, [name], false));
          await send(caller, route.method, path, bodyWith(route, [name], true));
        }
      }
    }
  }
  // the reported ones, by name
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
    assert.equal((await send(undefined, 'GET', `/api/docs/${name}`)).status, 404, `/api/docs/${name}`);
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} requests answered 5xx`);
  // the signed-in callers stayed signed in: their calls reached the handlers, not only the guard
  for (const caller of callers) assert.equal((await send(caller, 'GET', '/json/user')).status, 200);
});

test('fast-check: prototype names mixed into random path segments, query keys and body keys', async () => {
  const name = fc.constantFrom(...NAMES);
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: ROUTES.length - 1 }),
      fc.dictionary(
        fc.constantFrom('chain', 'id', 'address', 'uid', 'file', 'nftId', 'type', 'tokenId'),
        name,
      ),
      fc.uniqueArray(name, { maxLength: 4 }),
      fc.boolean(),
      fc.nat({ max: 2 }),
      fc.dictionary(name, fc.constantFrom('1', 'x', '__proto__'), { maxKeys: 2 }),
      async (index, values, keys, nested, who, query) => {
        const route = ROUTES[index]![1];
        const q = new URLSearchParams(query).toString();
        const path = concretePath(route, values) + (q ? `?${q}` : '');
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        await send(callers[who], route.method, path, hasBody ? bodyWith(route, keys, nested) : undefined);
        assert.deepEqual(failures, []);
      },
    ),
    {
      numRuns: Number(process.env.FUZZ_RUNS ?? 600),
      seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
    },
  );
  console.log(
    `prototype-name fuzz: ${ROUTES.length} routes, ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(seen))}, 503s allowed: ${JSON.stringify([...allowed503])}`,
  );
});
