// The get-mint-data row of `npm run bench:scan` (issue #14: p50/p99 on the standalone stack with a warm
// read model, target p99 ≤ 30 ms). Links of a template in the chain's default collection, asked for mint
// data round-robin by a closed loop of keep-alive connections in a worker thread: each answer is a
// voucher signed by the relayer, after chiplinks read the template and where it mints from its own
// projection of templates (no request to templates) and the token's state from the chain (a local anvil;
// no indexer runs here, so the chain answers every token read, as it does while the index lags).
// Env: BENCH_MINT_LINKS (200), BENCH_MINT_CONNECTIONS ("1,8": one visitor at a time, then under load; a
// row each); seconds as the scan rows (BENCH_SECONDS).
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { RawHttpConnection } from './raw-http-client.js';

interface MintLoadInput {
  kind: 'mint-data';
  url: string;
  links: string[];
  to: string;
  connections: number;
  seconds: number;
}

interface MintLoadResult {
  sent: number;
  issued: number;
  failed: number;
  seconds: number;
  latenciesMs: number[];
}

const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

async function runMintLoad(input: MintLoadInput): Promise<MintLoadResult> {
  const { hostname, port } = new URL(input.url);
  const requests = input.links.map((id) =>
    Buffer.from(`GET /json/get-mint-data/${id}?to=${input.to} HTTP/1.1\r\nhost: ${hostname}\r\n\r\n`),
  );
  const latenciesMs: number[] = [];
  let sent = 0;
  let issued = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  const connection = async (index: number) => {
    const http = new RawHttpConnection(hostname, Number(port));
    try {
      for (let turn = index; performance.now() < deadline; turn += input.connections) {
        const t0 = performance.now();
        sent += 1;
        try {
          const reply = await http.send(requests[turn % requests.length]);
          latenciesMs.push(performance.now() - t0);
          if (reply.status === 200 && reply.body.startsWith('{"ok":true')) issued += 1;
          else failed += 1;
        } catch {
          failed += 1;
          return;
        }
      }
    } finally {
      http.close();
    }
  };
  await Promise.all(Array.from({ length: input.connections }, (_, i) => connection(i)));
  return { sent, issued, failed, seconds: (performance.now() - started) / 1000, latenciesMs };
}

if (!isMainThread && (workerData as MintLoadInput | undefined)?.kind === 'mint-data') {
  parentPort!.postMessage(await runMintLoad(workerData as MintLoadInput));
}

/**
 * A local chain with the shared contracts and a default collection whose minter is `relayer`: the env the
 * stack needs to issue mint data. `stop` ends the chain.
 */
export async function mintDataChain(
  relayer: string,
): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { ensureDefaultCollection, ensureSharedContracts, startAnvil } =
    await import('@metatag/contracts/node');
  const anvil = await startAnvil();
  const dir = mkdtempSync(join(tmpdir(), 'metatag-bench-mint-'));
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: relayer as `0x${string}`,
  });
  const fallback = await ensureDefaultCollection({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    locator: shared.libraryAddressLocator,
    minter: relayer as `0x${string}`,
    stateFile: join(dir, 'default-collection.json'),
  });
  return {
    env: {
      RPC_URL_GANACHE: anvil.url,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
      TAG_RELAYER_GANACHE: shared.tagRelayer.toLowerCase(),
      DEFAULT_COLLECTION_GANACHE: fallback.address.toLowerCase(),
    },
    async stop() {
      await anvil.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface CallingClient {
  call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

/**
 * The rows (one per connection count, as one string): makes BENCH_MINT_LINKS links of a new template (signed in as `boss`), warms up (the projection
 * is warm once a link answered; JIT, statements, chain client), then measures for `seconds`.
 */
export async function mintDataRow(boss: CallingClient, url: string, seconds: number): Promise<string> {
  const LINKS = Number(process.env.BENCH_MINT_LINKS ?? 200);
  const CONNECTIONS = (process.env.BENCH_MINT_CONNECTIONS ?? '1,8').split(',').map(Number);
  const template = await boss.call('POST', '/json/ganache/nft', {});
  if (template.status !== 201) throw new Error(`template: ${JSON.stringify(template.body)}`);
  const nftId = (template.body.item as { id: number }).id;
  const made = await boss.call('POST', `/json/qrlink/link/${nftId}?batch=${LINKS}`, {});
  if (made.status !== 201) throw new Error(`links: ${JSON.stringify(made.body)}`);
  const links = ((made.body.items ?? []) as { id: string }[]).map((item) => item.id);
  if (links.length === 0) throw new Error('no links to ask mint data for');
  const to = `0x${'5a'.repeat(20)}`;
  const first = await boss.call('GET', `/json/get-mint-data/${links[0]}?to=${to}`);
  if (first.body.ok !== true) throw new Error(`get-mint-data: ${JSON.stringify(first.body)}`);
  const load = (s: number, connections: number) =>
    new Promise<MintLoadResult>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { kind: 'mint-data', url, links, to, connections, seconds: s } satisfies MintLoadInput,
      });
      worker.once('message', (m: MintLoadResult) => resolve(m));
      worker.once('error', reject);
    });
  await load(2, Math.max(...CONNECTIONS)); // warm-up
  const rows: string[] = [];
  for (const connections of CONNECTIONS) {
    const r = await load(seconds, connections);
    const sorted = [...r.latenciesMs].sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
    rows.push(
      `| get-mint-data, link (voucher; warm read model, ${links.length} links) | ${connections} | ${r.sent} | ${r.issued} | ${r.failed} | **${Math.round(r.issued / r.seconds)}** | ${pct(50).toFixed(2)} | ${pct(90).toFixed(2)} | **${pct(99).toFixed(2)}** | ${sorted[sorted.length - 1]?.toFixed(1)} |`,
    );
  }
  return rows.join('\n');
}
