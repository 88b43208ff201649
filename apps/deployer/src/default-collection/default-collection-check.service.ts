import { Inject, Injectable } from '@nestjs/common';
import type { Address } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { DEFAULT_COLLECTIONS, type DEFAULT_COLLECTION_CHECKS, type ReplyOf } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { ChainClients, chainUnavailable } from '../chain/chain-clients.js';
import { isCollectionProxyCode } from '../contracts/bytecode.js';
import { setMinterData } from '../deploy/deploy-data.service.js';
import { RelayerMinters } from '../relayer-client/relayer-minters.js';
import { SERVICES } from '../templates-client/templates-client.js';

type RegisterReply = ReplyOf<typeof DEFAULT_COLLECTION_CHECKS.register>;

/**
 * The super admin makes a collection the chain's default (spec section 5: templates with an empty
 * collection mint there). Only a MetaTag collection on the chain's configured locator is accepted:
 * the index follows that locator only, and a proxy on another locator could run any code. Who
 * deployed it does not matter; whether the relayer can mint in it is answered with setMinter data.
 */
@Injectable()
export class DefaultCollectionCheckService {
  constructor(
    private readonly chains: ChainClients,
    private readonly relayer: RelayerMinters,
    @Inject(SERVICES) private readonly services: ServiceClient,
  ) {}

  async register(input: { chain: string; address: string; userId: number }): Promise<RegisterReply> {
    const client = this.chains.client(input.chain);
    const locator = this.chains.locator(input.chain);
    if (!locator)
      throw new AppError('no_locator', `No library locator is configured for chain ${input.chain}`, 400);
    const address = input.address as Address;
    let name: string;
    let symbol: string;
    let minter: string;
    try {
      const code = await client.getCode({ address });
      if (!isCollectionProxyCode(code, locator))
        throw new AppError(
          'not_a_collection',
          `${input.address} is not a MetaTag collection on the ${input.chain} locator ${locator}`,
          400,
        );
      const values = await Promise.all([
        client.readContract({ address, abi: collectionAbi, functionName: 'name' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'symbol' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'minter' }),
      ]);
      [name, symbol] = values;
      minter = values[2].toLowerCase();
    } catch (error) {
      throw chainUnavailable(input.chain, error);
    }
    const item = await this.services.send(DEFAULT_COLLECTIONS.set, {
      chain: input.chain,
      address: input.address,
      name: name.slice(0, 200),
      symbol: symbol.slice(0, 64),
      userId: input.userId,
    });
    const relayer = (await this.relayer.of(input.chain)) ?? '';
    return {
      ok: true,
      item,
      relayer,
      minter,
      setMinter: relayer && minter !== relayer ? { to: input.address, data: setMinterData(relayer) } : null,
    };
  }
}
