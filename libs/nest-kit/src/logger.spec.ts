import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger, PinoNestLogger } from './logger.js';
import { currentTraceId, inSpan, startTracing } from './tracing/tracing.js';

function sink(): { stream: Writable; lines: () => string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, lines: () => text.split('\n').filter(Boolean) };
}

test('pretty logs: one readable line per event, the service first, no JSON', () => {
  const out = sink();
  const logger = createLogger('chiplinks', 'info', 'pretty', out.stream);
  logger.info({ chips: 3 }, 'provisioned');
  logger.warn('slow answer');
  const lines = out.lines();
  assert.equal(lines.length, 2);
  assert.match(lines[0], /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: chiplinks \| provisioned \{"chips":3\}$/);
  assert.match(lines[1], /WARN: chiplinks \| slow answer$/);
});

test('json logs: one JSON object per line with the service', () => {
  const out = sink();
  createLogger('gateway', 'info', 'json', out.stream).info('listening');
  const [line] = out.lines();
  const parsed = JSON.parse(line) as { service: string; msg: string; level: number };
  assert.equal(parsed.service, 'gateway');
  assert.equal(parsed.msg, 'listening');
});

test("Nest's start-up chatter (module and route mapping lines) is debug, not info", () => {
  const out = sink();
  const nest = new PinoNestLogger(createLogger('gateway', 'info', 'json', out.stream));
  nest.log('Mapped {/json/check-tag, POST} route', 'RouterExplorer');
  nest.log('GatewayModule dependencies initialized', 'InstanceLoader');
  nest.log('something that matters', 'ScanService');
  const lines = out.lines();
  assert.equal(lines.length, 1);
  assert.match(lines[0], /something that matters/);
});

test('a line written inside a traced request names its trace', () => {
  startTracing({ service: 'test', sampleRatio: 1 });
  const out = sink();
  const logger = createLogger('gateway', 'info', 'json', out.stream);
  const traceId = inSpan('GET /x', {}, () => {
    logger.info('inside');
    return currentTraceId();
  });
  logger.info('outside');
  const [inside, outside] = out.lines().map((l) => JSON.parse(l) as { trace_id?: string });
  assert.match(traceId ?? '', /^[0-9a-f]{32}$/);
  assert.equal(inside.trace_id, traceId);
  assert.equal(outside.trace_id, undefined);
});
