import type { PublicClient } from 'viem';
import type { ChainRpcConfig } from '@metatag/config';
import { configuredChains, createChainClient, type ConfiguredChain } from './chain-client.factory.js';
import { FeeOracle } from './fee.oracle.js';
import { DEFAULT_FEE_POLICY, type FeePolicy } from './fee.policy.js';

export interface ChainHandle extends ConfiguredChain {
  client: PublicClient;
  fees: FeeOracle;
}

/**
 * The chains a service may talk to (those with an RPC URL configured), each with one shared client and
 * fee oracle, created on first use: a service boots even when a chain's node is down.
 */
export class ChainDirectory {
  private readonly chains: ConfiguredChain[];
  private readonly handles = new Map<number, ChainHandle>();

  constructor(
    config: Partial<ChainRpcConfig>,
    private readonly policy: FeePolicy = DEFAULT_FEE_POLICY,
    private readonly makeClient: (rpcUrl: string) => PublicClient = (url) => createChainClient(url),
  ) {
    this.chains = configuredChains(config);
  }

  list(): readonly ConfiguredChain[] {
    return this.chains;
  }

  byName(name: string): ChainHandle | undefined {
    const chain = this.chains.find((c) => c.name === name);
    return chain && this.handle(chain);
  }

  byId(chainId: number): ChainHandle | undefined {
    const chain = this.chains.find((c) => c.chainId === chainId);
    return chain && this.handle(chain);
  }

  private handle(chain: ConfiguredChain): ChainHandle {
    let handle = this.handles.get(chain.chainId);
    if (!handle) {
      const client = this.makeClient(chain.rpcUrl);
      handle = { ...chain, client, fees: new FeeOracle(client, this.policy) };
      this.handles.set(chain.chainId, handle);
    }
    return handle;
  }
}
