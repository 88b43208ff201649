import { rpcUrlOf, type GatewayConfig } from '@metatag/config';
import { interfaceChains, type ChainName } from '@metatag/contracts';

/**
 * The chain a balance is about when a call names none (the spec's `get-balance` and users routes
 * have no chain): the first of the interface's chains this deployment has an RPC URL for.
 */
export function defaultChain(config: Partial<GatewayConfig>): ChainName {
  return interfaceChains.find((chain) => rpcUrlOf(config, chain)) ?? 'ganache';
}
