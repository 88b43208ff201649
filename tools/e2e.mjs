// `npm run test:e2e`: starts the built standalone stack (fresh data dir, free ports), waits for
// /readyz, runs the Playwright suite in Debian Chromium against it, then stops the stack.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`E2E needs Chromium at ${chromium}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  process.exit(1);
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
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';
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

async function stopStack() {
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
}

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
  const args = ['test', '-c', 'apps/e2e/playwright.config.ts', ...process.argv.slice(2)];
  const run = spawn(playwright, args, {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_RPC_URL: `http://127.0.0.1:${anvilPort}`,
      E2E_ADMIN_PASSWORD: adminPassword,
      // the stack's data dir: the chip CLI reads CHIP_MASTER_KEY from its secrets.json to tap chips
      E2E_DATA_DIR: dataDir,
      E2E_SMTP_PORT: String(smtpPort),
    },
  });
  code = await new Promise((resolve) => run.on('exit', (c) => resolve(c ?? 1)));
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
    console.error(`--- the stack's log (${shown.length} of ${lines.length} lines)\n${shown.join('\n')}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopStack();
}
process.exit(code);
