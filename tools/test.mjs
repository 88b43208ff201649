// Runs test files with node's test runner over TypeScript sources.
// Usage: node tools/test.mjs <unit|int|medium> [dir ...]   (dirs default to the current directory)
// unit: *.spec.ts — pure code, all in one process; int: *.int-spec.ts — real PostgreSQL, anvil, NATS, Redis, one file at a
// time; medium: *.medium.int-spec.ts — one service alone on a fresh database of its own (useMediumTier),
// so the services' files run in parallel, each in its own process (the int tier leaves them out).
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [tier = 'unit', ...dirs] = process.argv.slice(2);
const suffix = { unit: /\.spec\.tsx?$/, int: /\.int-spec\.ts$/, medium: /\.medium\.int-spec\.ts$/ }[tier];
const MEDIUM = /\.medium\.int-spec\.ts$/;
if (!suffix) throw new Error(`unknown test tier ${tier}`);
const ignored = new Set(['node_modules', 'dist', '.data', '.nx', 'coverage']);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (ignored.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (suffix.test(entry.name) && (tier !== 'int' || !MEDIUM.test(entry.name))) yield path;
  }
}

const files = [];
for (const dir of dirs.length ? dirs : ['.']) for await (const f of walk(resolve(dir))) files.push(f);
if (files.length === 0) {
  console.log(`no ${tier} tests here`);
  process.exit(0);
}
const register = fileURLToPath(new URL('./register.mjs', import.meta.url));
// unit files share one process (tools/test-in-one-process.mjs); the other tiers start stacks, hooks
// and servers at the top of a file, so each of their files keeps a process of its own
const inOneProcess = tier === 'unit' && !process.env.TEST_PROCESS_PER_FILE;
const args = ['--conditions=source', '--import', register, '--test-reporter=spec'];
if (inOneProcess) args.push(fileURLToPath(new URL('./test-in-one-process.mjs', import.meta.url)));
else args.push('--test');
// --test-force-exit: a file whose tests have all settled exits even if a socket cut mid-query (the
// outage and supervisor specs kill PostgreSQL under the stack) still holds the event loop; before
// it, such a file passed every test and then waited out the 300 s timeout as a failure.
// TEST_TIMEOUT_MS: a longer cap per file (the fault suite runs whole clusters; its cases set their own)
if (tier === 'int' || tier === 'medium')
  args.push(
    tier === 'medium' ? `--test-concurrency=${files.length}` : '--test-concurrency=1',
    `--test-timeout=${Number(process.env.TEST_TIMEOUT_MS ?? 300000)}`,
    '--test-force-exit',
  );
const child = spawn(process.execPath, [...args, ...files.sort()], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
