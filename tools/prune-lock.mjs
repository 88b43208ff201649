// Removes optional-dependency edges from package-lock.json whose packages the registry does not serve
// (platform builds of @swc/core, msgpackr-extract, … missing from our registry mirror). npm install
// skips them silently, but then `npm ci` refuses the lock as "out of sync". Run after npm install:
// `npm run lock:prune`. Only edges with no package entry anywhere in the lock are removed.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const present = new Set(Object.keys(lock.packages).map((path) => path.replace(/^.*node_modules\//, '')));
let removed = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!present.has(name)) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  removed
    ? `package-lock.json: removed ${removed} unavailable optional dependencies`
    : 'package-lock.json: nothing to prune',
);
