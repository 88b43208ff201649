import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface SlowClientLimits {
  /** The whole request head (line and headers) must arrive within this. */
  headersMs: number;
  /** A body gets this much time, plus its size at `minBytesPerSecond`. */
  bodyBaseMs: number;
  minBytesPerSecond: number;
  /** An idle keep-alive connection is kept this long for the client's next request. */
  keepAliveMs: number;
}

/** ≤ 10 s for the head; a body 10 s plus 64 KiB/s (a 1 MB JSON 26 s, a 100 MB upload ~26 min). */
export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 10_000,
  bodyBaseMs: 10_000,
  minBytesPerSecond: 64 * 1024,
  keepAliveMs: 65_000,
};

/**
 * Connections held open by slow clients (slowloris: a header line every few seconds; or a body
 * trickled a byte at a time) cost a socket and memory each. Node's own limits are the head's
 * `headersTimeout`, checked every `connectionsCheckingInterval` (30 s by default, so we check each
 * second), and one fixed `requestTimeout` for any body, which would either cut big uploads or let a
 * small body trickle for minutes. So the body gets a deadline proportional to what it has sent: at
 * any moment, a request still reading its body must have received `minBytesPerSecond` for every
 * second past `bodyBaseMs`. A client under that rate gets 408 and the connection is closed.
 * Call before `listen` (the checking interval is read when the server starts listening).
 */
export function limitSlowClients(server: Server, limits: SlowClientLimits = SLOW_CLIENT_LIMITS): void {
  server.headersTimeout = limits.headersMs;
  // Node closes an idle keep-alive connection after 5 s by default; a client (or a load balancer,
  // whose idle timeout is commonly 60 s) that sends its next request on that socket just as it closes
  // gets a reset — a failed POST it cannot safely retry. Idle connections are kept longer than the
  // balancers' idle timeout, so the balancer closes first; an idle socket costs no more than that.
  server.keepAliveTimeout = limits.keepAliveMs;
  // 0: our deadline below governs bodies; Node's fixed one would cut a large upload at 300 s
  server.requestTimeout = 0;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1000,
    limits.headersMs,
  );
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const hasBody =
      req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || req.headers['content-length'] === '0') return;
    const started = Date.now();
    // bytes of this request that reached the socket (the head was counted before the body began)
    const socket = req.socket;
    const firstByte = socket.bytesRead;
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (req.complete || res.writableEnded || socket.destroyed) return;
      const received = socket.bytesRead - firstByte;
      const due = started + limits.bodyBaseMs + (received / limits.minBytesPerSecond) * 1000;
      const now = Date.now();
      if (now < due) {
        timer = setTimeout(check, Math.max(50, due - now)).unref();
        return;
      }
      if (!res.headersSent) {
        res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(
          JSON.stringify({ error: 'request_timeout', errorMessage: 'The request body arrived too slowly' }),
        );
      }
      socket.destroy();
    };
    timer = setTimeout(check, limits.bodyBaseMs).unref();
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    res.once('close', stop);
  });
}
