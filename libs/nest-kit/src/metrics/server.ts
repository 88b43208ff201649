import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { listenOrExplain } from '../port.js';
import { collectProcessMetrics, metricsRegistry } from './registry.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Prometheus text on its own port (METRICS_PORT), apart from the public HTTP port: scrapes come from
 * inside the cluster, and route names and counts are nobody else's business.
 */
export async function serveMetrics(options: {
  port: number;
  host: string;
  logger: Logger;
  /**
   * Readiness of a process without its own HTTP port (the services): /readyz answers 200 or 503 from
   * it and /healthz 200, so Kubernetes probes reach every app over HTTP.
   */
  ready?: () => Promise<boolean | { ok: boolean; reasons?: Record<string, string> }>;
}): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/healthz' && options.ready) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (req.method === 'GET' && path === '/readyz' && options.ready) {
      options.ready().then(
        (result) => {
          const body = typeof result === 'boolean' ? { ok: result } : result;
          res
            .writeHead(body.ok ? 200 : 503, { 'content-type': 'application/json' })
            .end(JSON.stringify(body));
        },
        () => res.writeHead(503, { 'content-type': 'application/json' }).end('{"ok":false}'),
      );
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  await listenOrExplain(
    options.port,
    'METRICS_PORT',
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => resolve());
      }),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}/metrics`;
  options.logger.info(`metrics on ${url}`);
  return {
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
