import { wellKnownKey } from '@metatag/chips';
import type { ConfigIssue } from './load-config.js';

/**
 * Secrets anyone can read (the repository's dev defaults, published test keys): fine on a laptop, a
 * hand-over of the product when NODE_ENV=production. loadConfig refuses them there, naming the key.
 */

/** The accounts of the `test test … junk` mnemonic that anvil and hardhat fund (#0 to #9). */
const PUBLISHED_PRIVATE_KEYS = new Map<string, number>(
  [
    '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
    '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
    '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
    '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
    '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
    '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
    '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  ].map((key, account) => [key, account]),
);

/** The dev defaults of docker-compose.yml, the k8s dev overlay and the docs, and obvious placeholders. */
const DEV_TEXT = /dev-only|not-for-production|metatag-dev|changeme|change-me|^minioadmin$|^(.)\1*$/i;

const SECRET_TEXT_KEYS = [
  'SESSION_SECRET',
  'SCAN_TOKEN_SECRET',
  'SUPER_ADMIN_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
];

function passwordOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/** Every key of `config` that holds a known development secret (the values are never repeated). */
export function developmentSecretIssues(app: string, config: Record<string, unknown>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  // standalone falls back to anvil's published account #1 without a key: fine on its own local chain only
  if (app === 'standalone' && config.RELAYER_PRIVATE_KEY === undefined)
    issues.push({
      key: 'RELAYER_PRIVATE_KEY',
      message: "is required (without it the relayer uses anvil's published development key #1)",
    });
  const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : undefined);
  for (const key of SECRET_TEXT_KEYS) {
    const value = text(key);
    if (value !== undefined && DEV_TEXT.test(value))
      issues.push({ key, message: 'is a development default; set a random secret of your own' });
  }
  const chipKey = text('CHIP_MASTER_KEY');
  const known = chipKey === undefined ? undefined : wellKnownKey(chipKey);
  if (known) issues.push({ key: 'CHIP_MASTER_KEY', message: `is ${known}; generate a random key` });
  // the paymaster's signer spends the owners' balances like the relayer's key (issue #29)
  for (const key of ['RELAYER_PRIVATE_KEY', 'PAYMASTER_PRIVATE_KEY']) {
    const value = text(key)?.toLowerCase();
    const account = value === undefined ? undefined : PUBLISHED_PRIVATE_KEYS.get(value);
    if (account !== undefined)
      issues.push({
        key,
        message: `is the published anvil/hardhat development key #${account}; use a key of your own`,
      });
  }
  for (const key of ['DATABASE_URL', 'REDIS_URL']) {
    const password = text(key) && passwordOf(text(key)!);
    if (password !== undefined && DEV_TEXT.test(password))
      issues.push({ key, message: 'has a development default password; set one of your own' });
  }
  return issues;
}
