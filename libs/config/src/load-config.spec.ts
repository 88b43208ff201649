import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  loadConfig,
  ConfigError,
  gatewaySchema,
  authSchema,
  deployerSchema,
  publicOrigins,
  tagRelayerOf,
} from './index.js';

const secret = 'x'.repeat(32);

test('defaults fill every optional key', () => {
  const config = loadConfig('gateway', gatewaySchema, { SESSION_SECRET: secret });
  assert.equal(config.PORT, 3000);
  assert.equal(config.TRANSPORT, 'nats');
  assert.equal(config.NATS_URL, 'nats://127.0.0.1:4222');
});

test('one error names every bad key and why', () => {
  try {
    loadConfig('gateway', gatewaySchema, {
      PORT: 'seventy',
      TRANSPORT: 'carrier-pigeon',
      SESSION_SECRET: 'short',
    });
    assert.fail('expected a ConfigError');
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    const keys = error.issues.map((i) => i.key).sort();
    assert.deepEqual(keys, ['PORT', 'SESSION_SECRET', 'TRANSPORT']);
    assert.match(error.message, /Invalid configuration for gateway/);
    assert.match(error.message, /SESSION_SECRET: must be at least 32 characters/);
    assert.match(error.message, /PORT: /);
  }
});

test('a missing required key says it is required', () => {
  assert.throws(() => loadConfig('auth', authSchema, {}), /SESSION_SECRET: is required/);
});

test('empty strings count as unset and booleans parse', () => {
  const config = loadConfig('auth', authSchema, {
    SESSION_SECRET: secret,
    PORT: '',
    ALLOW_WALLET_SIGNUP: 'false',
  });
  assert.equal(config.ALLOW_WALLET_SIGNUP, false);
});

test('bad URLs are refused', () => {
  assert.throws(
    () => loadConfig('auth', authSchema, { SESSION_SECRET: secret, DATABASE_URL: 'not a url' }),
    /DATABASE_URL/,
  );
});

test('PUBLIC_URL: origins, canonical first; default from the port; paths refused', () => {
  const one = loadConfig('gateway', gatewaySchema, {
    SESSION_SECRET: secret,
    PUBLIC_URL: 'https://metatag.example/',
  });
  assert.deepEqual(publicOrigins(one), ['https://metatag.example']);
  const many = loadConfig('gateway', gatewaySchema, {
    SESSION_SECRET: secret,
    PUBLIC_URL: 'https://a.example, http://b.example:8080',
  });
  assert.deepEqual(publicOrigins(many), ['https://a.example', 'http://b.example:8080']);
  const none = loadConfig('gateway', gatewaySchema, { SESSION_SECRET: secret, PORT: '4000' });
  assert.deepEqual(publicOrigins(none), ['http://localhost:4000']);
  assert.throws(
    () =>
      loadConfig('gateway', gatewaySchema, { SESSION_SECRET: secret, PUBLIC_URL: 'https://a.example/app' }),
    /PUBLIC_URL: https:\/\/a.example\/app is not an http\(s\) origin/,
  );
  assert.throws(
    () => loadConfig('gateway', gatewaySchema, { SESSION_SECRET: secret, PUBLIC_URL: 'ftp://a.example' }),
    /PUBLIC_URL/,
  );
});

test('TAG_RELAYER_<CHAIN>: a lower-cased address per chain, looked up by chain name', () => {
  const relayer = '0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512';
  const config = loadConfig('deployer', deployerSchema, { TAG_RELAYER_POLYGON: relayer });
  assert.equal(tagRelayerOf(config, 'polygon'), relayer.toLowerCase());
  assert.equal(tagRelayerOf(config, 'ganache'), undefined);
  assert.equal(tagRelayerOf(config, 'toString'), undefined);
  assert.throws(
    () => loadConfig('deployer', deployerSchema, { TAG_RELAYER_GANACHE: '0x12' }),
    /TAG_RELAYER_GANACHE: must be 0x followed by 40 hex digits/,
  );
});

test('TRUST_PROXY: loopback by default, hop counts, true/false and address lists', () => {
  const load = (TRUST_PROXY?: string) =>
    loadConfig('gateway', gatewaySchema, { SESSION_SECRET: secret, TRUST_PROXY }).TRUST_PROXY;
  assert.deepEqual(load(), ['loopback']);
  assert.equal(load('1'), 1);
  assert.equal(load('0'), 0);
  assert.equal(load('true'), true);
  assert.equal(load('false'), false);
  assert.deepEqual(load('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback'), [
    '10.0.0.0/8',
    '192.168.1.7',
    'fd00::/8',
    'loopback',
  ]);
  assert.throws(() => load('10.0.0.0/33'), /TRUST_PROXY: 10.0.0.0\/33 is not a hop count/);
  assert.throws(() => load('ingress.local'), /TRUST_PROXY/);
  assert.throws(() => load('99'), /TRUST_PROXY: a hop count/);
});
