// Runs test files with node's test runner over TypeScript sources.
// Usage: node tools/test.mjs <unit|int|medium> [dir ...]   (dirs default to the current directory)
// unit: *.spec.ts — pure code; int: *.int-spec.ts — real PostgreSQL, anvil, NATS, Redis, one file at a
// time; both run their files in one process (test-in-one-process.mjs). medium: *.medium.int-spec.ts —
// one service alone on a fresh database of its own (useMediumTier), so the services' files run in
// parallel, each in its own process (the int tier leaves them out).
import { readdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
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
const base = ['--conditions=source', '--import', register, '--test-reporter=spec'];
// The unit and integration tiers run their files in one process (tools/test-in-one-process.mjs), but
// for a file that says `// own process: <why>`. The medium tier's files run side by side, a process
// each; TEST_PROCESS_PER_FILE=1 gives every file its own process again (to find one that needs it).
const ownProcess = /^\/\/ own process:/m;
const together =
  (tier === 'unit' || tier === 'int') && !process.env.TEST_PROCESS_PER_FILE
    ? files.filter((f) => !ownProcess.test(readFileSync(f, 'utf8')))
    : [];
const apart = files.filter((f) => !together.includes(f));
// --test-force-exit: a file whose tests have all settled exits even if a socket cut mid-query (the
// outage and supervisor specs kill PostgreSQL under the stack) still holds the event loop; before
// it, such a file passed every test and then waited out the 300 s timeout as a failure.
// TEST_TIMEOUT_MS: a longer cap per file (the fault suite runs whole clusters; its cases set their own)
const slow = tier === 'int' || tier === 'medium';
const timeoutMs = Number(process.env.TEST_TIMEOUT_MS ?? 300000);
const runs = [];
if (together.length > 0)
  runs.push([
    ...base,
    ...(slow ? ['--test-force-exit'] : []),
    fileURLToPath(new URL('./test-in-one-process.mjs', import.meta.url)),
    ...together.sort(),
  ]);
if (apart.length > 0)
  runs.push([
    ...base,
    '--test',
    ...(slow
      ? [
          tier === 'medium' ? `--test-concurrency=${apart.length}` : '--test-concurrency=1',
          `--test-timeout=${timeoutMs}`,
          '--test-force-exit',
        ]
      : []),
    ...apart.sort(),
  ]);
// test-in-one-process.mjs caps each file's suite at TEST_TIMEOUT_MS (no cap for unit files)
const env = slow ? { ...process.env, TEST_TIMEOUT_MS: String(timeoutMs) } : process.env;
const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
let failed = false;
for (const args of runs) if ((await run(args)) !== 0) failed = true;
process.exit(failed ? 1 : 0);
