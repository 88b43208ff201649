import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatAbiItem } from 'viem/utils';
import type { Abi, AbiEvent, AbiFunction } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import * as fragments from './abiFragments.js';
import { ABI_FRAGMENTS } from './abiFragments.js';

/** The generated ABI (libs/contracts) of each contract the web app has fragments of. */
const GENERATED = { collection: collectionAbi } satisfies Record<keyof typeof ABI_FRAGMENTS, Abi>;

type Item = Abi[number];

/** A fragment's whole signature: name, input types, and for functions mutability and outputs, for events indexing. */
function describe(item: Item): string {
  if (item.type === 'function') {
    const f = item as AbiFunction;
    return `${formatAbiItem(f)} ${f.stateMutability} returns (${f.outputs.map((o) => o.type).join(',')})`;
  }
  if (item.type === 'event') {
    const e = item as AbiEvent;
    return `${formatAbiItem(e)} indexed (${e.inputs.map((i) => Boolean(i.indexed)).join(',')})${e.anonymous ? ' anonymous' : ''}`;
  }
  if (item.type === 'error') return formatAbiItem(item);
  return item.type;
}

test("the web app's ABI fragments are functions, events or errors of the generated ABIs, with the same signature", () => {
  const missing: string[] = [];
  for (const [contract, items] of Object.entries(ABI_FRAGMENTS) as [
    keyof typeof GENERATED,
    readonly Item[],
  ][]) {
    const generated = new Set((GENERATED[contract] as readonly Item[]).map(describe));
    for (const item of items) {
      assert.ok(['function', 'event', 'error'].includes(item.type), `${contract}: ${item.type}`);
      if (!generated.has(describe(item))) missing.push(`${contract}: ${describe(item)}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every exported fragment list is checked (it is in ABI_FRAGMENTS)', () => {
  const checked = new Set(
    Object.values(ABI_FRAGMENTS).flatMap((items) => (items as readonly Item[]).map(describe)),
  );
  const unchecked = Object.entries(fragments)
    .filter(([name]) => name !== 'ABI_FRAGMENTS')
    .flatMap(([name, items]) => (items as readonly Item[]).map((item) => `${name}: ${describe(item)}`))
    .filter((entry) => !checked.has(entry.slice(entry.indexOf(': ') + 2)));
  assert.deepEqual(unchecked, []);
});

test('no other web source declares ABI fragments (they live in lib/abiFragments.ts or come from libs/contracts)', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return files(path);
      return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const found: string[] = [];
  for (const file of files(src)) {
    const name = relative(src, file).split(sep).join('/');
    if (name === 'lib/abiFragments.ts') continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\bparseAbi(?:Item|Parameters?)?\s*\(|['"`](?:function|event|error) \w+\(/.test(line))
          found.push(`${name}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, []);
});
