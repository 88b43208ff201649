import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstValueFrom } from 'rxjs';
import { AppError } from '../app-error.js';
import { createLogger } from '../logger.js';
import { bootstrapService } from '../bootstrap-service.js';
import { clientProxy, createServiceClient, InProcessBus } from '../transport.js';
import { ECHO, EchoModule } from '../echo.fixture.js';
import { assertTransportContract } from '../transport.contract.fixture.js';

/** The echo service on a fresh bus, and the config its callers use. */
async function echoOnBus(timeoutMs: number, nodeEnv: 'test' | 'production' = 'test') {
  const bus = new InProcessBus();
  const config = {
    TRANSPORT: 'inprocess',
    NATS_URL: 'nats://unused:4222',
    RPC_TIMEOUT_MS: timeoutMs,
    NODE_ENV: nodeEnv,
  } as const;
  const app = await bootstrapService({
    name: 'echo',
    module: EchoModule,
    config,
    bus,
    logger: createLogger('echo', 'silent'),
  });
  const client = createServiceClient('test', config, bus);
  return {
    bus,
    config,
    client,
    async close() {
      await client.close();
      await app.close();
    },
  };
}

test('handlers answer through the in-process transport', async () => {
  const echo = await echoOnBus(2000);
  try {
    await assertTransportContract(echo.client);
  } finally {
    await echo.close();
  }
});

test('a request that is not answered in time fails as unavailable; the Nest proxy path still answers', async () => {
  const echo = await echoOnBus(200);
  try {
    const started = Date.now();
    await assert.rejects(echo.client.send(ECHO.hang, {}), (e: unknown) => {
      assert.ok(e instanceof AppError);
      assert.equal(e.status, 503);
      assert.equal(e.message, 'A service did not answer in time, try again shortly');
      return true;
    });
    assert.ok(Date.now() - started < 2000);
    // code holding the ClientProxy itself (Observable API) gets the same replies
    const proxy = clientProxy('test', echo.config, echo.bus);
    assert.deepEqual(await firstValueFrom(proxy.send('echo.upper', { text: 'a' })), {
      text: 'A',
      at: new Date(0).toISOString(),
    });
    await assert.rejects(firstValueFrom(proxy.send('echo.fail', {})), (e: unknown) => {
      assert.deepEqual(e, { code: 'not_ok', status: 409, message: 'not ok' });
      return true;
    });
  } finally {
    await echo.close();
  }
});

test('in production replies are passed on unchecked (the hot path skips the schema)', async () => {
  const echo = await echoOnBus(2000, 'production');
  try {
    assert.deepEqual(await echo.client.send(ECHO.drift, {}), { total: 'seven' });
  } finally {
    await echo.close();
  }
});
