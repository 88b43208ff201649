// `npm run test:e2e`: starts the built standalone stack (fresh data dir, free ports), waits for
// /readyz, runs the Playwright suite in Debian Chromium against it, then stops the stack.
// E2E_SHARDS=N (npm test sets 2): N stacks, each with its own data dir, ports and chain, and N
// Playwright runs side by side, each given a share of the files balanced by their measured durations
// (apps/e2e/durations.json). A browser test spends most of its time waiting on blocks, the spec's
// delays and the page, so two share 2 cores well; the stacks share no state with each other, as one
// stack shares none with the integration tier.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Debian's headless shell (the same Blink and V8 without the browser's UI layers, ~40 % less CPU)
// runs the suite where installed; the full browser too, for the tests that need it
// (apps/e2e/tests/support/chromium.ts)
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullChromium = '/usr/bin/chromium';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : fullChromium);
for (const [path, pkg] of [
  [chromium, 'chromium-headless-shell (or set CHROMIUM_PATH)'],
  [fullChromium, 'chromium'],
]) {
  if (!existsSync(path)) {
    console.error(`E2E needs ${path}: apt-get install -y ${pkg}`);
    process.exit(1);
  }
}
if (
  !existsSync(join(root, 'apps/standalone/dist/main.js')) ||
  !existsSync(join(root, 'apps/web/dist/index.html'))
) {
  console.error('E2E runs the built stack: run `npm run build` first');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';
const playwrightArgs = process.argv.slice(2);
const testsDir = join(root, 'apps/e2e/tests');
const allFiles = readdirSync(testsDir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .sort();
// Arguments that are only file names (`-- search.e2e.ts chips.e2e.ts`) are shared out like the whole
// suite; any option (`-g name`, `--headed`) makes one run with the arguments as given.
const onlyFiles = playwrightArgs.every((a) => /^[\w./-]+\.e2e\.ts$/.test(a));
const runFiles = playwrightArgs.length === 0 ? allFiles : playwrightArgs.map((a) => a.split('/').pop());
const shardCount = onlyFiles
  ? Math.min(runFiles.length, Math.max(1, Number(process.env.E2E_SHARDS ?? 1)))
  : 1;

/**
 * The files of each shard: longest first onto the shard with the least time so far (LPT). A file
 * without a measured duration counts as the mean of those measured.
 */
function shardFiles(count) {
  const measured = JSON.parse(readFileSync(join(root, 'apps/e2e/durations.json'), 'utf8')).seconds;
  const known = Object.values(measured);
  const mean = known.reduce((a, b) => a + b, 0) / Math.max(1, known.length);
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  const byLength = [...runFiles].sort((a, b) => (measured[b] ?? mean) - (measured[a] ?? mean));
  for (const file of byLength) {
    const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(file);
    lightest.seconds += measured[file] ?? mean;
  }
  return shards;
}

/** Seconds each file of a run took, from Playwright's JSON report (every attempt of every test). */
function fileDurations(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const sum = (suite) =>
    (suite.specs ?? []).reduce(
      (total, spec) =>
        total +
        spec.tests.reduce((t, test) => t + test.results.reduce((r, result) => r + result.duration, 0), 0),
      0,
    ) + (suite.suites ?? []).reduce((total, inner) => total + sum(inner), 0);
  return Object.fromEntries((report.suites ?? []).map((file) => [file.file, Math.round(sum(file) / 1000)]));
}
const fileSeconds = {};

/** One stack on its own data dir and ports, one Playwright run against it. Resolves to its exit code. */
async function runShard(index, count, args) {
  const label = count > 1 ? `[e2e ${index + 1}/${count}] ` : '';
  const write = (to) => {
    let rest = '';
    return {
      data: (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) to.write(`${label}${line}\n`);
      },
      end: () => rest && to.write(`${label}${rest}\n`),
    };
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'metatag-e2e-'));
  // as root, embedded PostgreSQL runs as a postgres user that must be able to enter the directory
  chmodSync(dataDir, 0o755);
  const [port, pgPort, anvilPort, indexerPort, smtpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const baseUrl = `http://127.0.0.1:${port}`;
  const reportFile = join(dataDir, 'report.json');
  const stackEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PG_PORT: String(pgPort),
    INDEXER_PORT: String(indexerPort),
    ANVIL_PORT: String(anvilPort),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SUPER_ADMIN_PASSWORD: adminPassword,
    // the canonical origin stays the default; envelope.e2e.ts browses as http://metatag.test (a host
    // rule to 127.0.0.1), an origin the gateway must accept for state-changing requests
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port},http://metatag.test:${port}`,
    // emails go to an SMTP server the shop test starts on this port (nothing listens otherwise: a test
    // that sends no email never connects)
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // passkey accounts (issue #29, passkey.e2e.ts): the ERC-4337 contracts and the Alto bundler beside anvil
    PASSKEY_ACCOUNTS: process.env.PASSKEY_ACCOUNTS ?? 'true',
  };
  const stack = spawn(process.execPath, ['apps/standalone/dist/main.js'], {
    cwd: root,
    env: stackEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stackOutput = '';
  stack.stdout.on('data', (d) => (stackOutput += d));
  stack.stderr.on('data', (d) => (stackOutput += d));

  const stopStack = async () => {
    if (stack.exitCode === null && stack.signalCode === null) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => stack.kill('SIGKILL'), 20_000);
        stack.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        stack.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let code = 1;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (stack.exitCode !== null) throw new Error(`the stack exited early:\n${stackOutput}`);
      const ok = await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the stack was not ready within 120 s:\n${stackOutput}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const playwright = join(root, 'node_modules/.bin/playwright');
    const run = spawn(
      playwright,
      ['test', '-c', 'apps/e2e/playwright.config.ts', '--reporter=list,json', ...args],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          E2E_BASE_URL: baseUrl,
          E2E_RPC_URL: `http://127.0.0.1:${anvilPort}`,
          E2E_ADMIN_PASSWORD: adminPassword,
          // the stack's data dir: the chip CLI reads CHIP_MASTER_KEY from its secrets.json to tap chips
          E2E_DATA_DIR: dataDir,
          E2E_SMTP_PORT: String(smtpPort),
          // the JSON report gives each file's duration (durations.json, the shards' balance)
          PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
          // Playwright empties its output folder when it starts: each run keeps its own
          ...(count > 1 ? { E2E_OUTPUT_DIR: `../../test-results/e2e-${index + 1}` } : {}),
        },
      },
    );
    const out = write(process.stdout);
    const err = write(process.stderr);
    run.stdout.on('data', out.data).on('end', out.end);
    run.stderr.on('data', err.data).on('end', err.end);
    code = await new Promise((resolve) => run.on('close', (c) => resolve(c ?? 1)));
    if (existsSync(reportFile)) Object.assign(fileSeconds, fileDurations(reportFile));
    // A failure prints what the stack logged (warnings and errors by default): a flaky run on a CI
    // machine can only be understood from it. E2E_SHOW_STACK_LOG=all prints all of it.
    if (code !== 0) {
      // a 4xx answer is logged as a warning (a visitor not signed in asks /json/user on every page):
      // hundreds of them would push the lines that explain a failure out of the shown tail
      const requestCompleted = /"msg":"request completed"/;
      const lines = stackOutput
        .trimEnd()
        .split('\n')
        .filter((line) => !(requestCompleted.test(line) && /"statusCode":4\d\d/.test(line)));
      const shown = process.env.E2E_SHOW_STACK_LOG === 'all' ? lines : lines.slice(-300);
      console.error(
        `${label}--- the stack's log (${shown.length} of ${lines.length} lines)\n${shown.join('\n')}`,
      );
    }
  } catch (error) {
    console.error(`${label}${error instanceof Error ? error.message : error}`);
  } finally {
    await stopStack();
  }
  return code;
}

let codes;
if (shardCount === 1) {
  codes = [await runShard(0, 1, playwrightArgs)];
} else {
  const shards = shardFiles(shardCount);
  for (const [i, shard] of shards.entries())
    console.log(
      `[e2e ${i + 1}/${shardCount}] ${shard.files.length} files, about ${Math.round(shard.seconds)} s`,
    );
  codes = await Promise.all(
    shards.map((shard, i) =>
      runShard(
        i,
        shardCount,
        shard.files.map((f) => `tests/${f}`),
      ),
    ),
  );
}
// E2E_UPDATE_DURATIONS=1: keep this run's durations for the next runs' shards (files it ran replace
// their old figures; the others keep theirs)
const durationsFile = join(root, 'apps/e2e/durations.json');
if (process.env.E2E_UPDATE_DURATIONS === '1' && Object.keys(fileSeconds).length > 0) {
  const old = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')).seconds : {};
  const seconds = Object.fromEntries(
    Object.entries({ ...old, ...fileSeconds }).sort(([a], [b]) => a.localeCompare(b)),
  );
  const note =
    'seconds per file, from `E2E_UPDATE_DURATIONS=1 npm run test:e2e`; tools/e2e.mjs balances its shards by them';
  writeFileSync(durationsFile, `${JSON.stringify({ note, seconds }, null, 2)}\n`);
}
process.exit(codes.every((c) => c === 0) ? 0 : 1);
