import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppError } from './app-error.js';
import { drainService } from './graceful.js';
import { createLogger } from './logger.js';
import { bootstrapService } from './bootstrap-service.js';
import { createServiceClient } from './transport.js';
import { ECHO, EchoModule } from './echo.fixture.js';
import { assertTransportContract } from './transport.contract.fixture.js';

test('the same handlers answer through a real NATS server', async () => {
  const config = {
    TRANSPORT: 'nats',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    RPC_TIMEOUT_MS: 3000,
  } as const;
  const app = await bootstrapService({
    name: 'echo',
    module: EchoModule,
    config,
    logger: createLogger('echo', 'silent'),
  });
  const client = createServiceClient('test', config);
  try {
    await client.connect();
    await assertTransportContract(client);
  } finally {
    await client.close();
    await app.close();
  }
});

test('graceful shutdown on NATS: no new requests are taken, the one in flight still gets its reply', async () => {
  const config = {
    TRANSPORT: 'nats',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    RPC_TIMEOUT_MS: 3000,
  } as const;
  const app = await bootstrapService({
    name: 'echo',
    module: EchoModule,
    config,
    logger: createLogger('echo', 'silent'),
  });
  const client = createServiceClient('test', config);
  try {
    await client.connect();
    const inFlight = client.send(ECHO.slow, { ms: 600 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const drained = drainService(app, {
      delayMs: 0,
      timeoutMs: 5000,
      logger: createLogger('echo', 'silent'),
    });
    // taken off the subject at once: a new request finds no responder (another replica would take it)
    await assert.rejects(
      client.send(ECHO.upper, { text: 'late' }),
      (e: unknown) => (e as AppError).status === 503,
    );
    assert.deepEqual(await inFlight, { done: true });
    const started = Date.now();
    await drained;
    assert.ok(Date.now() - started < 1000, 'drain ends when the in-flight handler has answered');
  } finally {
    await client.close();
    await app.close();
  }
});
