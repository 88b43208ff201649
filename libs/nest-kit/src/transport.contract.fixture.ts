import assert from 'node:assert/strict';
import type { ServiceClient } from './service-client.js';
import { AppError } from './app-error.js';
import { received } from './echo.fixture.js';

/** The behaviour both transports must share; run by the in-process unit test and the NATS integration test. */
export async function assertTransportContract(client: ServiceClient): Promise<void> {
  // replies cross a JSON wire: a Date arrives as its ISO string on both transports
  assert.deepEqual(await client.send('echo.upper', { text: 'hi' }), {
    text: 'HI',
    at: new Date(0).toISOString(),
  });

  assert.equal(await client.send('echo.count', { to: 3 }), 1);

  await assert.rejects(client.send('echo.fail'), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'not_ok');
    assert.equal(e.status, 409);
    assert.equal(e.message, 'not ok');
    return true;
  });

  await assert.rejects(client.send('echo.crash'), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.status, 500);
    assert.doesNotMatch(e.message, /secret/);
    return true;
  });

  await assert.rejects(
    client.send('nobody.listens'),
    (e: unknown) => e instanceof AppError && e.status === 503,
  );

  received.length = 0;
  await client.emit('echo.happened', { n: 1 });
  for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(received, [{ n: 1 }]);
}
