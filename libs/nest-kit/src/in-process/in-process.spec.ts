import { test } from 'node:test';
import { createLogger } from '../logger.js';
import { bootstrapService } from '../bootstrap-service.js';
import { createServiceClient, InProcessBus } from '../transport.js';
import { EchoModule } from '../echo.fixture.js';
import { assertTransportContract } from '../transport.contract.fixture.js';

test('handlers answer through the in-process transport', async () => {
  const bus = new InProcessBus();
  const config = { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused:4222', RPC_TIMEOUT_MS: 2000 } as const;
  const app = await bootstrapService({
    name: 'echo',
    module: EchoModule,
    config,
    bus,
    logger: createLogger('echo', 'silent'),
  });
  const client = createServiceClient('test', config, bus);
  try {
    await assertTransportContract(client);
  } finally {
    await client.close();
    await app.close();
  }
});
