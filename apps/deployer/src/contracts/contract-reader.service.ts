import { Injectable } from '@nestjs/common';
import type { Abi, Address, PublicClient } from 'viem';
import { chainNames, collectionAbi, libraryAddressLocatorAbi, tagRelayerAbi } from '@metatag/contracts';
import type { ContractFields, NetworksReply } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { ChainClients, chainUnavailable } from '../chain/chain-clients.js';
import { RelayerMinters } from '../relayer-client/relayer-minters.js';
import { contractKind, type ContractKind } from './bytecode.js';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

type Field = Exclude<keyof ContractFields, 'address' | 'kind'>;

/** Read-only functions shown by the super admin's "read contract fields", per contract. */
const COLLECTION_FIELDS: Field[] = [
  'name',
  'symbol',
  'base',
  'owner',
  'minter',
  'libraryVersion',
  'totalSupply',
  'proxyAdmin',
  'libraryAddressLocator',
  'implementation',
];
const LOCATOR_FIELDS: Field[] = ['owner', 'libraryVersion', 'implementation'];
const TAG_RELAYER_FIELDS: Field[] = ['owner', 'authorizer'];

const FIELDS: Record<ContractKind, Field[]> = {
  collection: COLLECTION_FIELDS,
  unknown: COLLECTION_FIELDS,
  locator: LOCATOR_FIELDS,
  nftCode: [],
  tagRelayer: TAG_RELAYER_FIELDS,
};
const ABIS: Record<ContractKind, Abi> = {
  collection: collectionAbi,
  unknown: collectionAbi,
  locator: libraryAddressLocatorAbi,
  nftCode: collectionAbi,
  tagRelayer: tagRelayerAbi,
};

/**
 * Contract reads for the super admin's deployment tools, and the chains' locators, TagRelayers and
 * relayer addresses for the network table.
 */
@Injectable()
export class ContractReaderService {
  constructor(
    private readonly chains: ChainClients,
    private readonly relayer: RelayerMinters,
  ) {}

  async networks(): Promise<NetworksReply> {
    const minters = await this.relayer.all();
    return {
      libraryAddressLocators: Object.fromEntries(
        chainNames.map((chain) => [chain, this.chains.locator(chain) ?? '']),
      ),
      relayers: Object.fromEntries(chainNames.map((chain) => [chain, minters[chain] ?? ''])),
      tagRelayers: Object.fromEntries(
        chainNames.map((chain) => [chain, this.chains.tagRelayer(chain) ?? '']),
      ),
    };
  }

  async read(chain: string, address: string): Promise<ContractFields> {
    const client = this.chains.client(chain);
    try {
      const code = await client.getCode({ address: address as Address });
      if (!code || code === '0x') throw AppError.notFound('No contract at this address');
      const proxyLocator = await this.call(client, address, collectionAbi, 'libraryAddressLocator');
      const kind = contractKind(code, proxyLocator);
      const fields = FIELDS[kind];
      const abi = ABIS[kind];
      const values = await Promise.all(fields.map((f) => this.call(client, address, abi, f)));
      const result: ContractFields = {
        address,
        kind,
        name: null,
        symbol: null,
        base: null,
        owner: null,
        minter: null,
        libraryVersion: null,
        totalSupply: null,
        proxyAdmin: null,
        libraryAddressLocator: null,
        implementation: null,
        authorizer: null,
      };
      fields.forEach((field, i) => (result[field] = values[i]));
      return result;
    } catch (error) {
      throw chainUnavailable(chain, error);
    }
  }

  /** A function the contract lacks (or that reverts) reads as null; addresses come back lower-cased. */
  private async call(
    client: PublicClient,
    address: string,
    abi: Abi,
    functionName: string,
  ): Promise<string | null> {
    try {
      const value = await client.readContract({ address: address as Address, abi, functionName });
      const text = typeof value === 'bigint' ? value.toString() : String(value);
      return ANY_CASE_ADDRESS_PATTERN.test(text) ? text.toLowerCase() : text;
    } catch (error) {
      if ((error as Error).name === 'HttpRequestError' || (error as Error).name === 'TimeoutError')
        throw error;
      return null;
    }
  }
}
