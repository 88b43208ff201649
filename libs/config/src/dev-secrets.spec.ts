import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  loadConfig,
  ConfigError,
  gatewaySchema,
  chiplinksSchema,
  relayerSchema,
  standaloneSchema,
} from './index.js';

const random = (n: number) => 'k3'.repeat(n).slice(0, n);
const refusedKeys = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) {
      assert.match(error.message, /refused when NODE_ENV=production/);
      return error.issues.map((i) => i.key).sort();
    }
    throw error;
  }
  return [];
};

test('production refuses the development secrets, naming each variable', () => {
  const chiplinks = {
    NODE_ENV: 'production',
    CHIP_MASTER_KEY: '00000000000000000000000000000000',
    SCAN_TOKEN_SECRET: 'dev-only-scan-token-secret-not-for-production',
    DATABASE_URL: 'postgres://metatag:metatag-dev@postgres:5432/metatag',
  };
  assert.deepEqual(
    refusedKeys(() => loadConfig('chiplinks', chiplinksSchema, chiplinks)),
    ['CHIP_MASTER_KEY', 'DATABASE_URL', 'SCAN_TOKEN_SECRET'],
  );
  const relayer = {
    NODE_ENV: 'production',
    RELAYER_PRIVATE_KEY: '0x59C6995E998F97A5A0044966F0945389DC9E86DAE88C7A8412F4603B6B78690D',
  };
  assert.deepEqual(
    refusedKeys(() => loadConfig('relayer', relayerSchema, relayer)),
    ['RELAYER_PRIVATE_KEY'],
  );
  const gateway = { NODE_ENV: 'production', SESSION_SECRET: 'dev-only-session-secret-not-for-production' };
  assert.deepEqual(
    refusedKeys(() => loadConfig('gateway', gatewaySchema, gateway)),
    ['SESSION_SECRET'],
  );
  assert.deepEqual(
    refusedKeys(() =>
      loadConfig('gateway', gatewaySchema, { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }),
    ),
    ['SESSION_SECRET'],
  );
});

test('standalone in production needs a relayer key of its own', () => {
  assert.deepEqual(
    refusedKeys(() => loadConfig('standalone', standaloneSchema, { NODE_ENV: 'production' })),
    ['RELAYER_PRIVATE_KEY'],
  );
  assert.deepEqual(
    refusedKeys(() => loadConfig('standalone', standaloneSchema, {})),
    [],
  );
});

test('the message never repeats the secret', () => {
  const secret = 'dev-only-session-secret-not-for-production';
  try {
    loadConfig('gateway', gatewaySchema, { NODE_ENV: 'production', SESSION_SECRET: secret });
    assert.fail('expected a ConfigError');
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.ok(!error.message.includes(secret));
    assert.match(error.message, /SESSION_SECRET: is a development default/);
  }
});

test('development keeps the dev defaults; production takes real secrets', () => {
  const dev = { SESSION_SECRET: 'dev-only-session-secret-not-for-production' };
  assert.equal(loadConfig('gateway', gatewaySchema, dev).SESSION_SECRET, dev.SESSION_SECRET);
  const prod = loadConfig('chiplinks', chiplinksSchema, {
    NODE_ENV: 'production',
    CHIP_MASTER_KEY: '8f3a1c5e7b9d2f4a6c8e0b1d3f5a7c9e',
    SCAN_TOKEN_SECRET: random(40),
    DATABASE_URL: 'postgres://metatag:s3cr3t-Rand0m@postgres:5432/metatag',
  });
  assert.equal(prod.NODE_ENV, 'production');
});
