// `node tools/compose-secrets.mjs`: writes the secrets docker-compose.yml demands into .env beside it,
// random, once (keys already in .env or in the environment are kept). Prints the relayer's address:
// fund it on the compose stack's anvil before relaying, e.g.
//   cast rpc anvil_setBalance <address> 0x56BC75E2D63100000 --rpc-url http://localhost:8545
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateKeyToAccount } from 'viem/accounts';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = join(root, '.env');
const hex = (bytes) => randomBytes(bytes).toString('hex');
const generators = {
  SESSION_SECRET: () => hex(32),
  SCAN_TOKEN_SECRET: () => hex(32),
  CHIP_MASTER_KEY: () => hex(16),
  RELAYER_PRIVATE_KEY: () => `0x${hex(32)}`,
  // hex: safe inside the DATABASE_URL the apps get
  POSTGRES_PASSWORD: () => hex(16),
  MINIO_ROOT_PASSWORD: () => hex(16),
};

const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
const present = new Set(
  text
    .split('\n')
    .map((line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1])
    .filter(Boolean),
);
const added = Object.entries(generators)
  .filter(([key]) => !present.has(key) && !process.env[key])
  .map(([key, make]) => `${key}=${make()}`);
if (added.length > 0) {
  writeFileSync(file, `${text}${text && !text.endsWith('\n') ? '\n' : ''}${added.join('\n')}\n`, {
    mode: 0o600,
  });
}
console.log(added.length ? `.env: added ${added.map((l) => l.split('=')[0]).join(', ')}` : '.env: complete');
const key =
  process.env.RELAYER_PRIVATE_KEY ??
  /^\s*RELAYER_PRIVATE_KEY\s*=\s*(\S+)/m.exec(readFileSync(file, 'utf8'))?.[1];
if (key) console.log(`relayer address (fund it on the chain): ${privateKeyToAccount(key).address}`);
