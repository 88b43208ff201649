// `npm run db:generate [-- --name x]`: generates each service's Drizzle migration from src/db/schema.ts.
// `npm run db:check`: fails when a service's schema has changes without a committed migration.
// Generated SQL is made re-runnable where drizzle-kit is not: the migrator itself creates the
// service schema (it keeps its journal there), so `CREATE SCHEMA` must tolerate an existing one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mode = process.argv[2] ?? 'check';
const nameIndex = process.argv.indexOf('--name');
const name = nameIndex > 0 ? process.argv[nameIndex + 1] : undefined;
const services = readdirSync(join(root, 'apps')).filter((app) =>
  existsSync(join(root, 'apps', app, 'drizzle.config.ts')),
);

const sqlFiles = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sql')) : []);
let stale = [];
for (const service of services) {
  const cwd = join(root, 'apps', service);
  const out = join(cwd, 'drizzle');
  const before = new Set(sqlFiles(out));
  const args = ['generate', ...(name && mode === 'generate' ? ['--name', name] : [])];
  const run = spawnSync(join(root, 'node_modules/.bin/drizzle-kit'), args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exit(1);
  }
  const added = sqlFiles(out).filter((f) => !before.has(f));
  for (const file of added) {
    const path = join(out, file);
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(/CREATE SCHEMA "([a-z_]+)";/g, 'CREATE SCHEMA IF NOT EXISTS "$1";'),
    );
  }
  if (mode === 'check' && added.length) {
    stale.push(service);
    // leave the tree as it was
    spawnSync('git', ['checkout', '--', 'drizzle/meta'], { cwd });
    for (const file of added) rmSync(join(out, file));
  } else if (added.length) console.log(`${service}: ${added.join(', ')}`);
}
if (stale.length) {
  console.error(
    `Schema changes without a migration in: ${stale.join(', ')}. Run: npm run db:generate -- --name <change>`,
  );
  process.exit(1);
}
console.log(mode === 'check' ? `migrations up to date (${services.join(', ')})` : 'done');
