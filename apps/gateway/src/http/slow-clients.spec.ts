import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { limitSlowClients, SLOW_CLIENT_LIMITS } from './slow-clients.js';

/** A real HTTP server with the limits, reading JSON bodies as the gateway's parser does. */
async function server(limits = SLOW_CLIENT_LIMITS) {
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.end(`got ${Buffer.concat(chunks).length}`));
  });
  limitSlowClients(http, limits);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, port: (http.address() as AddressInfo).port };
}

/** A raw socket that writes `parts` one every `everyMs`; resolves with what came back and when it closed. */
function trickle(
  port: number,
  parts: string[],
  everyMs: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < parts.length && !socket.destroyed) socket.write(parts[i++]!);
    }, everyMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

const fast = { ...SLOW_CLIENT_LIMITS, headersMs: 1500, bodyBaseMs: 1500, minBytesPerSecond: 1000 };

test('the gateway default: a request head must arrive within 10 s', () => {
  assert.ok(SLOW_CLIENT_LIMITS.headersMs <= 10_000);
});

test('slowloris: a head trickled one header line at a time is cut at the headers timeout', async () => {
  const { http, port } = await server(fast);
  try {
    const lines = ['GET / HTTP/1.1\r\n', ...Array.from({ length: 40 }, (_, i) => `x-${i}: y\r\n`)];
    const { answer, closedAfterMs } = await trickle(port, lines, 200);
    assert.ok(closedAfterMs < fast.headersMs + 2000, `closed after ${closedAfterMs} ms`);
    assert.match(answer, /^HTTP\/1.1 408/);
  } finally {
    http.close();
  }
});

test('a body trickled below the minimum rate gets 408 and the connection closes', async () => {
  const { http, port } = await server(fast);
  try {
    const head =
      'POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n';
    const { answer, closedAfterMs } = await trickle(
      port,
      [head, ...Array.from({ length: 100 }, () => 'a')],
      100,
    );
    assert.match(answer, /^HTTP\/1.1 408/);
    assert.ok(closedAfterMs < fast.bodyBaseMs + 2000, `closed after ${closedAfterMs} ms`);
  } finally {
    http.close();
  }
});

test('a body arriving at the minimum rate or faster is read whole, however long it is', async () => {
  const { http, port } = await server(fast);
  try {
    // 4 KB at 2 KB/s: longer than bodyBaseMs, above the rate
    const head = 'POST / HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-length: 4000\r\n\r\n';
    const { answer } = await trickle(port, [head, ...Array.from({ length: 20 }, () => 'a'.repeat(200))], 100);
    assert.match(answer, /^HTTP\/1.1 200/);
    assert.match(answer, /got 4000$/);
  } finally {
    http.close();
  }
});

test('an idle keep-alive connection outlives the head limit and serves the next request', async () => {
  const limits = { ...SLOW_CLIENT_LIMITS, headersMs: 500, keepAliveMs: 8000 };
  const { http, port } = await server(limits);
  try {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    const ask = () => socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
    await new Promise((resolve) => socket.once('connect', resolve));
    ask();
    // idle past the head limit and past Node's own 5 s keep-alive default
    await new Promise((resolve) => setTimeout(resolve, 6000));
    assert.equal(socket.destroyed, false, 'the idle connection is still open');
    ask();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(answer.match(/HTTP\/1\.1 200/g)?.length, 2, answer);
    assert.doesNotMatch(answer, /408/);
    socket.destroy();
  } finally {
    http.close();
  }
});
