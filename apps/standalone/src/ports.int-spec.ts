import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { assertPortFree } from './ports.js';

test('a port in use is refused with the port and the variable that moves it', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    await assert.rejects(assertPortFree(port, 'PG_PORT'), {
      message: `Port ${port} is already in use. Stop whatever uses it or set PG_PORT to another port.`,
    });
  } finally {
    server.close();
  }
  await assertPortFree(port, 'PG_PORT');
});
