// own process: OpenTelemetry's tracer provider is process-wide, set up once by the first stack a process
// starts (startTracing), so this file's collector would never be the one spans go to
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { flushTraces } from '@metatag/nest-kit';
import { startAnvil, type Anvil } from '@metatag/relayer/testing';
import { startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';

// Traces as an OpenTelemetry collector receives them (OTLP/HTTP JSON, the exporter's own encoding):
// one trace per request across HTTP → service call → handler → PostgreSQL → chain, the trace id in the
// reply's traceparent and in error replies.
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
const received: OtlpSpan[] = [];
let collector: Server;
let collectorUrl: string;
let anvil: Anvil;
let stack: TestStack;
const secrets = chipSecrets();

before(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      assert.equal(req.url, '/v1/traces');
      const doc = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) received.push(...ss.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  collectorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  anvil = await startAnvil();
  stack = await startTestStack({
    env: { ...secrets, RPC_URL_GANACHE: anvil.rpcUrl, OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl },
  });
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  collector?.close();
});

const traceIdOf = (traceparent: string | null) => {
  assert.match(traceparent ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
  return traceparent!.split('-')[1];
};

async function spansOf(traceId: string, atLeast: (spans: OtlpSpan[]) => boolean): Promise<OtlpSpan[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await flushTraces();
    const spans = received.filter((s) => s.traceId === traceId);
    if (atLeast(spans) || Date.now() > deadline) return spans;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a chip provisioned: one trace from the HTTP route through chiplinks to PostgreSQL', async () => {
  const boss = await superAdmin(stack.url);
  const owner = (await newAdmin(stack.url, boss)).client;
  const nftId = await newTemplate(owner);
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const res = await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: chip.uid });
  assert.equal(res.status, 201);
  const traceId = traceIdOf(res.headers.get('traceparent'));
  const spans = await spansOf(traceId, (s) => s.some((x) => x.name.startsWith('pg ')) && s.length >= 4);
  const names = spans.map((s) => s.name);
  const server = spans.find((s) => s.name === 'POST /json/qrlink/:type/:nftId');
  assert.ok(server, `the HTTP span, among ${names.join(' | ')}`);
  const call = spans.find((s) => /^chiplinks\./.test(s.name));
  assert.ok(call, `a service call span, among ${names.join(' | ')}`);
  assert.equal(call.parentSpanId, server.spanId, 'the service call is a child of the request');
  const handled = spans.find((s) => s.name === `handle ${call.name}`);
  assert.ok(handled, 'the handler span');
  assert.equal(handled.parentSpanId, call.spanId);
  const queries = spans.filter((s) => s.name.startsWith('pg '));
  assert.ok(queries.length > 0, 'queries');
  assert.ok(!names.some((n) => n.includes(chip.uid)), 'no values in span names');
});

test('a tap (the fast path) and a chain read are traced; an error reply names its trace', async () => {
  const boss = await superAdmin(stack.url);
  const owner = (await newAdmin(stack.url, boss)).client;
  const nftId = await newTemplate(owner);
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const tap = await fetch(`${stack.url}/json/check-tag`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // a caller's trace is continued
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    },
    body: JSON.stringify({ tag: id, auth: chip.tap() }),
  });
  assert.equal(((await tap.json()) as { ok: boolean }).ok, true);
  assert.equal(traceIdOf(tap.headers.get('traceparent')), '4bf92f3577b34da6a3ce929d0e0e4736');
  const tapSpans = await spansOf('4bf92f3577b34da6a3ce929d0e0e4736', (s) =>
    s.some((x) => x.name.startsWith('pg ')),
  );
  const root = tapSpans.find((s) => s.name === 'POST /json/check-tag');
  assert.ok(root, 'the check-tag span');
  assert.equal(root.parentSpanId, '00f067aa0ba902b7');

  // the chain: the super admin reads a contract's fields (deployer → JSON-RPC)
  const read = await boss.call('GET', `/json/ganache/contracts/0x${'11'.repeat(20)}`);
  assert.equal(read.status, 404, JSON.stringify(read.body));
  const traceId = traceIdOf(read.headers.get('traceparent'));
  assert.equal(read.traceId, traceId, 'the error reply names its trace');
  const chainSpans = await spansOf(traceId, (s) => s.some((x) => x.name.startsWith('rpc ')));
  assert.ok(
    chainSpans.some((s) => s.name === 'rpc eth_getCode'),
    `a JSON-RPC span, among ${chainSpans.map((s) => s.name).join(' | ')}`,
  );
});
