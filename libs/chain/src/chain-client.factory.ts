import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { createPublicClient, http, type PublicClient } from 'viem';
import { chainIds, type ChainName } from '@metatag/contracts';
import { rpcUrlOf, type ChainRpcConfig } from '@metatag/config';

export interface ChainClientOptions {
  /** Per request; default 10 s. */
  timeoutMs?: number;
}

/**
 * A JSON-RPC client for server work. Requests made in the same tick go out as one JSON-RPC batch
 * (hundreds of receipt lookups or broadcasts cost one HTTP round trip); retries follow the spec
 * (3 retries, 150 ms base delay: viem's defaults).
 */
export function createChainClient(rpcUrl: string, options: ChainClientOptions = {}): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, {
      fetchFn: tracedFetch,
      batch: { batchSize: 200, wait: 0 },
      retryCount: 3,
      retryDelay: 150,
      timeout: options.timeoutMs ?? 10_000,
    }),
    pollingInterval: 250,
  });
}

/** The JSON-RPC method(s) of a request body, for the span name; never the parameters. */
function rpcMethods(body: unknown): string {
  if (typeof body !== 'string') return 'rpc';
  const methods = [...body.matchAll(/"method":"(\w+)"/g)].map((m) => m[1]);
  if (methods.length <= 1) return methods[0] ?? 'rpc';
  return `batch(${methods.length}) ${[...new Set(methods)].slice(0, 3).join(',')}`;
}

/** A client span per JSON-RPC round trip made inside a traced request (HTTP → service → chain). */
export const tracedFetch: typeof fetch = (input, init) => {
  if (!trace.getActiveSpan()) return fetch(input, init);
  const span = trace.getTracer('metatag').startSpan(`rpc ${rpcMethods(init?.body)}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.system': 'jsonrpc' },
  });
  return context.with(trace.setSpan(context.active(), span), () =>
    fetch(input, init).then(
      (res) => {
        if (!res.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${res.status}` });
        span.end();
        return res;
      },
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
        span.end();
        throw error;
      },
    ),
  );
};

export interface ConfiguredChain {
  name: ChainName;
  chainId: number;
  rpcUrl: string;
}

/** The chains with an RPC URL in the configuration (`RPC_URL_<NAME>`). */
export function configuredChains(config: Partial<ChainRpcConfig>): ConfiguredChain[] {
  return (Object.keys(chainIds) as ChainName[]).flatMap((name) => {
    const rpcUrl = rpcUrlOf(config, name);
    return rpcUrl ? [{ name, chainId: chainIds[name], rpcUrl }] : [];
  });
}
