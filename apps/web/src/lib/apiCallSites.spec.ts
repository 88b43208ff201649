import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app calls the API only through `typedApi` (lib/typedApi.ts, typed by @metatag/api-types'
 * route table) and builds API URLs only with `routeUrl` (downloads, the upload, the RPC proxy): no
 * path strings and no reply casts at call sites (issue #15 item 3). This test keeps it that way.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
/** The files that implement the client (scanApi: the tap's early calls, checked against the table). */
const ALLOWED = new Set(['lib/api.ts', 'lib/typedApi.ts', 'lib/scanApi.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const RULES: { what: string; pattern: RegExp }[] = [
  { what: "an API path literal ('/json/…')", pattern: /['"`]\/json\//g },
  {
    what: 'a call of the untyped client (api.get/post/put/delete/request): use typedApi.call(routeName, …)',
    pattern: /\bapi\.(?:get|post|put|delete|request)\s*[<(]/g,
  },
];

test('no web source outside lib/api.ts and lib/typedApi.ts writes an API path or calls the untyped client', () => {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const name = relative(SRC, file).split(sep).join('/');
    if (ALLOWED.has(name)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      // comments may name the routes they call
      const code = line.replace(/^\s*(?:\/\/|\/?\*).*$/, '').replace(/\s\/\/ .*$/, '');
      for (const { what, pattern } of RULES)
        if (code.match(pattern)) found.push(`${name}:${i + 1}: ${what}\n    ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], `untyped API calls:\n${found.join('\n')}`);
});

test('the check sees what it forbids', () => {
  const [path, call] = RULES;
  assert.ok('fetch(`/json/${chain}/nfts`)'.match(path!.pattern));
  assert.ok("api.get<Reply>('/x')".match(call!.pattern));
  assert.ok("api.post('/password-login', body)".match(call!.pattern));
  assert.equal("typedApi.call('listNfts', { params: { chain } })".match(call!.pattern), null);
});
