import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface RpcCountingProxy {
  /** The proxy's HTTP URL; its WebSocket upgrades go to the node untouched. */
  url: string;
  /** JSON-RPC requests the node was sent over HTTP, by `method` (`eth_getBlockByNumber:latest` for the head). */
  count(method: string): number;
  /** Refuse WebSocket upgrades from now on and close the open ones (a node without a WebSocket endpoint). */
  refuseUpgrades(refuse: boolean): void;
  close(): Promise<void>;
}

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A proxy in front of a node that counts what a client asks it over HTTP: the evidence of how often
 * the indexer polls, seen from the node's side rather than from the indexer's own metrics.
 */
export async function startRpcCountingProxy(target: string): Promise<RpcCountingProxy> {
  const counts = new Map<string, number>();
  const node = new URL(target);
  let refuse = false;
  const upgraded = new Set<Socket>();
  const server = createServer((req, res) => {
    void (async () => {
      const text = await body(req);
      try {
        const calls = [JSON.parse(text) as unknown].flat() as { method?: string; params?: unknown[] }[];
        for (const call of calls) {
          const key =
            call.method === 'eth_getBlockByNumber'
              ? `${call.method}:${String(call.params?.[0])}`
              : call.method;
          if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      } catch {
        // not JSON: forwarded as it is, the node answers it
      }
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    })().catch(() => {
      res.writeHead(502).end();
    });
  });
  server.on('upgrade', (req, socket: Socket, head) => {
    if (refuse) return void socket.destroy();
    upgraded.add(socket);
    const upstream = connect(Number(node.port), node.hostname, () => {
      const headers = Object.entries(req.headersDistinct)
        .flatMap(([name, values]) => (values ?? []).map((v) => `${name}: ${v}`))
        .join('\r\n');
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => {
      upgraded.delete(socket);
      upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (method) => counts.get(method) ?? 0,
    refuseUpgrades(value) {
      refuse = value;
      if (value) for (const socket of upgraded) socket.destroy();
    },
    async close() {
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
