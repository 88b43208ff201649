import WebSocket from 'ws';

/** A `newHeads` subscription on a node's WebSocket endpoint (anvil serves one on its HTTP port). */
export interface HeadWatch {
  /** The subscription is confirmed and its socket open: new blocks are being announced. */
  readonly live: boolean;
  close(): void;
}

/**
 * Calls `onHead` for every block the node announces, and once each time the subscription is (re)made,
 * since blocks may have come while it was down. A closed socket (the node restarting) is opened again
 * after `retryMs`, at the URL `wsUrl` gives then; while it is down `live` is false, so the caller can
 * fall back to polling.
 */
export function watchNewHeads(wsUrl: () => string, onHead: () => void, retryMs = 250): HeadWatch {
  let socket: WebSocket | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(wsUrl());
    socket = ws;
    ws.on('open', () =>
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })),
    );
    ws.on('message', (data: WebSocket.RawData) => {
      let message: { id?: number; result?: unknown; method?: string };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      if (message.id === 1) {
        if (typeof message.result !== 'string') return void ws.close();
        live = true;
        onHead();
      } else if (message.method === 'eth_subscription') onHead();
    });
    // 'close' follows every error: the retry is scheduled there
    ws.on('error', () => undefined);
    ws.on('close', () => {
      live = false;
      if (socket === ws) socket = undefined;
      if (!closed) retry = setTimeout(connect, retryMs);
    });
  };
  connect();
  return {
    get live() {
      return live;
    },
    close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      socket?.terminate();
    },
  };
}
