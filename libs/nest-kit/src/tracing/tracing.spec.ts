import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextFrom, currentTraceId, inSpan, startTracing } from './tracing.js';

// one provider per process (first caller wins): this file's is the one without a collector
startTracing({ service: 'test', sampleRatio: 1 });

test('without a collector new traces are not sampled, yet carry a trace id; work under them makes no spans', () => {
  inSpan('POST /json/check-tag', {}, (root) => {
    assert.equal(root.isRecording(), false);
    assert.match(currentTraceId() ?? '', /^[0-9a-f]{32}$/);
    const traceId = currentTraceId();
    inSpan('chiplinks.check-tag', {}, (child) => {
      assert.equal(child, root, 'no span of its own under an unsampled trace');
      assert.equal(currentTraceId(), traceId);
    });
  });
});

test("a caller's sampled traceparent is still followed and recorded", () => {
  const parent = contextFrom({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
  inSpan('handle x', { parent }, (span) => {
    assert.equal(span.isRecording(), true);
    assert.equal(currentTraceId(), '4bf92f3577b34da6a3ce929d0e0e4736');
  });
});

test("a caller's unsampled traceparent: the work runs in that trace without a span", () => {
  const parent = contextFrom({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' });
  inSpan('handle x', { parent }, (span) => {
    assert.equal(span.isRecording(), false);
    assert.equal(currentTraceId(), '4bf92f3577b34da6a3ce929d0e0e4736');
  });
});
