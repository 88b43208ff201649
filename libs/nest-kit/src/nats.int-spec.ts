import { test } from 'node:test';
import { createLogger } from './logger.js';
import { bootstrapService } from './bootstrap-service.js';
import { createServiceClient } from './transport.js';
import { EchoModule } from './echo.fixture.js';
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
