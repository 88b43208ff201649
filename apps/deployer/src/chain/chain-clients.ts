import { Inject, Injectable } from '@nestjs/common';
import { createPublicClient, http, type PublicClient } from 'viem';
import { tracedFetch } from '@metatag/chain';
import { libraryLocatorOf, rpcUrlOf, tagRelayerOf, type DeployerConfig } from '@metatag/config';
import { isChainName, type ChainName } from '@metatag/contracts';
import { AppError, SERVICE_CONFIG } from '@metatag/nest-kit';

/**
 * One viem public client per configured chain. Unknown chains and chains without an RPC URL are
 * refused here, before any work: 404, as the gateway's RPC proxy answers them.
 */
@Injectable()
export class ChainClients {
  private readonly clients = new Map<ChainName, PublicClient>();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: DeployerConfig) {}

  /** The chain name if it is known and has an RPC URL; throws otherwise. */
  require(chain: string): ChainName {
    if (!isChainName(chain)) throw AppError.notFound(`Unknown chain ${chain}`);
    if (!rpcUrlOf(this.config, chain)) throw AppError.notFound(`No RPC is configured for chain ${chain}`);
    return chain;
  }

  client(chain: string): PublicClient {
    const name = this.require(chain);
    let client = this.clients.get(name);
    if (!client) {
      client = createPublicClient({
        transport: http(rpcUrlOf(this.config, name), {
          timeout: 10_000,
          retryCount: 1,
          fetchFn: tracedFetch,
        }),
      });
      this.clients.set(name, client);
    }
    return client;
  }

  /** The chain's configured library-address locator (lower-cased), if any. */
  locator(chain: string): string | undefined {
    return libraryLocatorOf(this.config, chain);
  }

  /** The chain's configured TagRelayer (lower-cased), if any. */
  tagRelayer(chain: string): string | undefined {
    return tagRelayerOf(this.config, chain);
  }
}

/** A node that does not answer is the chain's problem, not the caller's: 503. */
export function chainUnavailable(chain: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  return AppError.unavailable(`The ${chain} RPC did not answer`);
}
