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
      batch: { batchSize: 200, wait: 0 },
      retryCount: 3,
      retryDelay: 150,
      timeout: options.timeoutMs ?? 10_000,
    }),
    pollingInterval: 250,
  });
}

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
