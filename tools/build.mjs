// Compiles one project's src/ into dist/ with swc (the same options the test loader uses).
// Usage: node tools/build.mjs  (run inside the project directory)
import { readdir, readFile, writeFile, mkdir, rm, cp } from 'node:fs/promises';
import { join, dirname, relative } from 'node:path';
import { transform } from '@swc/core';
import { swcOptions } from './swc-options.mjs';

const root = process.cwd();
const src = join(root, 'src');
const out = join(root, 'dist');
const skip = /(\.(spec|int-spec|e2e|fixture)\.tsx?|\/testing\/.*)$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

await rm(out, { recursive: true, force: true });
let count = 0;
for await (const file of walk(src)) {
  const target = join(out, relative(src, file));
  await mkdir(dirname(target), { recursive: true });
  if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts')) {
    if (skip.test(file)) continue;
    const { code, map } = await transform(
      await readFile(file, 'utf8'),
      swcOptions(file, { sourceMaps: true }),
    );
    const js = target.replace(/\.tsx?$/, '.js');
    await writeFile(js, `${code}\n//# sourceMappingURL=${js.split('/').pop()}.map\n`);
    if (map) await writeFile(`${js}.map`, map);
    count++;
  } else if (!file.endsWith('.d.ts')) {
    await cp(file, target);
  }
}
console.log(`built ${count} files into ${relative(process.cwd(), out) || 'dist'}`);
