// `npm run start:distributed`: every app as its own process over NATS, BullMQ on Redis and PostgreSQL
// from DATABASE_URL (defaults: the local services on their standard ports). Starts a local anvil too
// unless RPC_URL_GANACHE points at a chain (and deploys the shared contracts the indexer follows).
// Logs are prefixed with the app name.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apps = ['auth', 'templates', 'chiplinks', 'relayer', 'deployer', 'indexer', 'gateway'];
const children = new Map();
let stopping = false;

if (process.env.SKIP_BUILD !== '1') {
  const nx = join(root, 'node_modules/.bin/nx');
  const built = spawnSync(nx, ['run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
const env = { TRANSPORT: 'nats', QUEUE: 'bullmq', ...process.env };
env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/metatag';
if (!env.SESSION_SECRET) env.SESSION_SECRET = localSecret('SESSION_SECRET');
if (!env.SCAN_TOKEN_SECRET) env.SCAN_TOKEN_SECRET = localSecret('SCAN_TOKEN_SECRET');
// shared with the standalone stack's secrets.json: a chip provisioned in one mode scans in the other
if (!env.CHIP_MASTER_KEY)
  env.CHIP_MASTER_KEY = localSecret('CHIP_MASTER_KEY', () => randomBytes(16).toString('hex'));

const { ensureDatabaseExists } = await import(join(root, 'libs/db/dist/index.js'));
await ensureDatabaseExists(env.DATABASE_URL);

if (!env.RPC_URL_GANACHE) {
  const port = env.ANVIL_PORT ?? '8545';
  const { anvilBinaryPath } = await import(join(root, 'libs/contracts/dist/node.js'));
  const bin = anvilBinaryPath();
  mkdirSync(join(dataDir, 'chain-distributed'), { recursive: true });
  const state = join(dataDir, 'chain-distributed', 'state.json');
  run('anvil', bin, [
    '--host',
    '127.0.0.1',
    '--port',
    port,
    '--chain-id',
    '1337',
    '--state',
    state,
    '--state-interval',
    '5',
    '--silent',
  ]);
  env.RPC_URL_GANACHE = `http://127.0.0.1:${port}`;
  // The indexer follows the collections of a locator: deploy the shared contracts once, as the
  // standalone start does (anvil's first development key; our own local chain only).
  // Our own local chain: the relayer may use anvil's (public) dev account #1, as in standalone mode.
  env.RELAYER_PRIVATE_KEY ||= '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
  if (!env.LIBRARY_LOCATOR_GANACHE || !env.TAG_RELAYER_GANACHE) {
    await waitForRpc(env.RPC_URL_GANACHE);
    const { ensureSharedContracts } = await import(join(root, 'libs/contracts/dist/node.js'));
    const { privateKeyToAccount } = await import('viem/accounts');
    const shared = await ensureSharedContracts({
      rpcUrl: env.RPC_URL_GANACHE,
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      stateFile: join(dataDir, 'chain-distributed', 'contracts.json'),
      tagRelayerAuthorizer: privateKeyToAccount(env.RELAYER_PRIVATE_KEY).address,
    });
    env.LIBRARY_LOCATOR_GANACHE ||= shared.libraryAddressLocator;
    env.TAG_RELAYER_GANACHE ||= shared.tagRelayer;
    console.log(
      `[start] shared contracts ${shared.action}: locator ${shared.libraryAddressLocator}, tag relayer ${shared.tagRelayer}`,
    );
  }
  // Templates without a collection mint into the default collection (configured here, as the locator).
  if (!env.DEFAULT_COLLECTION_GANACHE) {
    await waitForRpc(env.RPC_URL_GANACHE);
    const { ensureDefaultCollection } = await import(join(root, 'libs/contracts/dist/node.js'));
    const { privateKeyToAccount } = await import('viem/accounts');
    const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).split(',')[0].trim();
    const collection = await ensureDefaultCollection({
      rpcUrl: env.RPC_URL_GANACHE,
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      locator: env.LIBRARY_LOCATOR_GANACHE,
      minter: privateKeyToAccount(env.RELAYER_PRIVATE_KEY).address,
      metadataBase: (address) => `${origin}/metadata/ganache/${address.toLowerCase()}/`,
      stateFile: join(dataDir, 'chain-distributed', 'default-collection.json'),
    });
    env.DEFAULT_COLLECTION_GANACHE = collection.address.toLowerCase();
    console.log(`[start] default collection ${collection.action}: ${env.DEFAULT_COLLECTION_GANACHE}`);
  }
}

for (const app of apps) run(app, process.execPath, [join(root, 'apps', app, 'dist', 'main.js')]);
console.log(
  `[start] gateway on http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? 3000} once ready (GET /readyz)`,
);

async function waitForRpc(url) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const headers = { 'content-type': 'application/json' };
    const ok = await fetch(url, { method: 'POST', headers, body }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the local chain at ${url} did not answer`);
}

function localSecret(key, make = () => randomBytes(32).toString('base64url')) {
  const file = join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[key]) {
    secrets[key] = make();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[key];
}

function run(name, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[start] ${name} exited (${code ?? signal}); stopping everything`);
      stop(1);
    } else if (children.size === 0) process.exit(process.exitCode ?? 0);
  });
  children.set(name, child);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code || 1);
  }, 15_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
