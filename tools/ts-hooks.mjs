// Node module hooks that run TypeScript sources directly (tests, dev, CLI tools).
// swc, not esbuild: Nest's dependency injection needs emitDecoratorMetadata.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';
import { swcOptions } from './swc-options.mjs';

const TS = /\.(c|m)?tsx?$/;

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    // Sources import './x.js' (nodenext style); map to './x.ts' when only the TS file exists.
    if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:'))) {
      for (const ext of ['.ts', '.tsx']) {
        const candidate = new URL(specifier.replace(/\.js$/, ext), context.parentURL);
        if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
      }
    }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS.test(url)) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(await readFile(filename, 'utf8'), swcOptions(filename));
  return { format: 'module', source: code, shortCircuit: true };
}
