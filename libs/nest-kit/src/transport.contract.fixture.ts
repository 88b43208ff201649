import assert from 'node:assert/strict';
import type { ServiceClient } from './service-client.js';
import { AppError } from './app-error.js';
import { ECHO, received } from './echo.fixture.js';

const settle = async () => {
  for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
};

/** The behaviour both transports must share; run by the in-process unit test and the NATS integration test. */
export async function assertTransportContract(client: ServiceClient): Promise<void> {
  // replies cross a JSON wire: a Date arrives as its ISO string on both transports
  assert.deepEqual(await client.send(ECHO.upper, { text: 'hi' }), {
    text: 'HI',
    at: new Date(0).toISOString(),
  });

  assert.equal(await client.send(ECHO.count, { to: 3 }), 1);

  // the receiver parses the payload with the definition's schema: a bad one is a 400, not a crash
  await assert.rejects(
    client.send(ECHO.upper, { text: 42 } as unknown as { text: string }),
    (e: unknown) =>
      e instanceof AppError && e.status === 400 && e.code === 'invalid_input' && /text/.test(e.message),
  );

  await assert.rejects(client.send(ECHO.fail, {}), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.code, 'not_ok');
    assert.equal(e.status, 409);
    assert.equal(e.message, 'not ok');
    return true;
  });

  await assert.rejects(client.send(ECHO.crash, {}), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.status, 500);
    assert.doesNotMatch(e.message, /secret/);
    return true;
  });

  await assert.rejects(
    client.send(ECHO.nobody, {}),
    (e: unknown) => e instanceof AppError && e.status === 503,
  );

  // outside production the caller checks each reply against the definition: drift is a 500 naming it
  await assert.rejects(client.send(ECHO.drift, {}), (e: unknown) => {
    assert.ok(e instanceof AppError);
    assert.equal(e.status, 500);
    assert.equal(e.code, 'invalid_reply');
    assert.match(e.message, /^echo\.drift answered a reply its definition refuses at total: /);
    return true;
  });

  received.length = 0;
  await client.emit(ECHO.happened, { n: 1 });
  await settle();
  assert.deepEqual(received, [{ n: 1 }]);

  // an event whose payload breaks its schema never reaches the consumer
  received.length = 0;
  await client.emit(ECHO.happened, { n: 'one' } as unknown as { n: number });
  await client.emit(ECHO.happened, { n: 2 });
  await settle();
  assert.deepEqual(received, [{ n: 2 }]);
}
