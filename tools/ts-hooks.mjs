// Node module hooks that run TypeScript sources directly (tests, dev, CLI tools).
// swc, not esbuild: Nest's dependency injection needs emitDecoratorMetadata.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';
import { swcOptions } from './swc-options.mjs';

// Every test file runs in its own process and loads most of the stack's sources: without a cache
// each process transpiled them all again (a whole-stack import was ~3.7 s of CPU, most of it this).
// The key is the source, the file's path and this hook's own swc settings and version, so an edited
// file, a moved file or a changed setting transpiles afresh; entries are never wrong, only unused.
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/ts-hooks/', import.meta.url));
const settings = createHash('sha256')
  .update(readFileSync(new URL('./swc-options.mjs', import.meta.url)))
  .update(
    JSON.parse(readFileSync(new URL('../node_modules/@swc/core/package.json', import.meta.url), 'utf8'))
      .version,
  )
  .digest('hex');
let cacheReady;

const TS = /\.(c|m)?tsx?$/;

export async function resolve(specifier, context, nextResolve) {
  // A TypeScript source imports './x.js' (nodenext style) meaning './x.ts': look for that first. Asking
  // Node first made nearly every relative import of our sources throw and catch a not-found error
  // before the fallback below found the .ts file.
  if (specifier.endsWith('.js') && specifier.startsWith('.') && TS.test(context.parentURL ?? '')) {
    const found = typeScriptTwin(specifier, context.parentURL);
    if (found) return { url: found, shortCircuit: true };
  }
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    // Sources import './x.js' (nodenext style); map to './x.ts' when only the TS file exists.
    if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:'))) {
      const found = typeScriptTwin(specifier, context.parentURL);
      if (found) return { url: found, shortCircuit: true };
    }
    throw error;
  }
}

/** The .ts or .tsx file a '.js' specifier names, when there is one. */
function typeScriptTwin(specifier, parentURL) {
  for (const ext of ['.ts', '.tsx']) {
    const candidate = new URL(specifier.replace(/\.js$/, ext), parentURL);
    if (existsSync(fileURLToPath(candidate))) return candidate.href;
  }
  return undefined;
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS.test(url)) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const source = await readFile(filename, 'utf8');
  const key = createHash('sha256').update(settings).update(filename).update(source).digest('hex');
  const cached = `${cacheDir}${key}.js`;
  const hit = await readFile(cached, 'utf8').catch(() => undefined);
  if (hit !== undefined) return { format: 'module', source: hit, shortCircuit: true };
  const { code } = await transform(source, swcOptions(filename));
  // written under a unique name and renamed: processes that transpile the same file at once never
  // read half an entry
  cacheReady ??= mkdir(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await cacheReady
    .then(() => writeFile(partial, code))
    .then(() => rename(partial, cached))
    .catch(() => undefined);
  return { format: 'module', source: code, shortCircuit: true };
}
