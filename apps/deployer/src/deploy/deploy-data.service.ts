import { Injectable } from '@nestjs/common';
import { encodeFunctionData, type Address } from 'viem';
import {
  collectionAbi,
  collectionDeployData,
  libraryAddressLocatorAbi,
  locatorDeployData,
  nftCodeDeployData,
  tagRelayerDeployData,
} from '@metatag/contracts';
import type { TxDataReply } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { ChainClients } from '../chain/chain-clients.js';
import { RelayerMinters } from '../relayer-client/relayer-minters.js';

const reply = (evm: { to?: string; data: string }): TxDataReply => ({ ok: true, evm });

/**
 * Transaction data the admin's browser wallet sends (spec sections 2 and 4): the server never holds
 * the admin's key, it only prepares the call. Chains must be known and have an RPC URL, so that what
 * is deployed can later be checked and read.
 */
@Injectable()
export class DeployDataService {
  constructor(
    private readonly chains: ChainClients,
    private readonly relayer: RelayerMinters,
  ) {}

  /**
   * A collection on the chain's locator; the sender becomes proxy admin, owner and minter (the
   * contract's constructor takes no minter): `setMinter` afterwards hands minting to the relayer.
   */
  collection(input: { chain: string; name: string; symbol: string; libraryAddress: string }): TxDataReply {
    this.chains.require(input.chain);
    const configured = this.chains.locator(input.chain);
    const libraryAddress = input.libraryAddress || configured;
    if (!libraryAddress)
      throw new AppError('no_locator', `No library locator is configured for chain ${input.chain}`, 400);
    // a collection on any other locator could run any code, and could never be attached
    if (configured && libraryAddress !== configured)
      throw new AppError(
        'invalid_value',
        `libraryAddress must be the ${input.chain} locator ${configured}`,
        400,
      );
    return reply(collectionDeployData({ name: input.name, symbol: input.symbol, libraryAddress }));
  }

  nftCode(chain: string): TxDataReply {
    this.chains.require(chain);
    return reply(nftCodeDeployData());
  }

  locator(chain: string, nftCodeAddress: string): TxDataReply {
    this.chains.require(chain);
    return reply(locatorDeployData(nftCodeAddress));
  }

  /**
   * A TagRelayer that accepts the relayer's authorizations: its authorizer is the relayer's key on the
   * chain, asked of the relayer (never taken from the request); the sender becomes its owner.
   */
  async tagRelayer(chain: string): Promise<TxDataReply> {
    this.chains.require(chain);
    const authorizer = await this.relayer.of(chain);
    if (!authorizer)
      throw AppError.unavailable(
        `The relayer's address on ${chain} is unknown (it does not serve the chain or does not answer)`,
      );
    return reply(tagRelayerDeployData(authorizer));
  }

  /** Points a locator (and so every collection on it) at other NFT code. Only the locator owner may send it. */
  setLibraryAddress(chain: string, locator: string, nftCodeAddress: string): TxDataReply {
    this.chains.require(chain);
    return reply({
      to: locator,
      data: encodeFunctionData({
        abi: libraryAddressLocatorAbi,
        functionName: 'setLibraryAddress',
        args: [nftCodeAddress as Address],
      }),
    });
  }

  /** tokenURI(id) = base + id: points a collection's metadata at our token metadata endpoint. */
  setBase(chain: string, collection: string, base: string): TxDataReply {
    this.chains.require(chain);
    return reply({ to: collection, data: setBaseData(base) });
  }

  /**
   * Makes the relayer the collection's minter, so that manual mints and chip vouchers work. Only the
   * collection owner may send it; the data is harmless for anyone else.
   */
  async setMinter(chain: string, collection: string): Promise<TxDataReply> {
    this.chains.require(chain);
    const relayer = await this.relayer.of(chain);
    if (!relayer)
      throw AppError.unavailable(
        `The relayer's address on ${chain} is unknown (it does not serve the chain or does not answer)`,
      );
    return reply({ to: collection, data: setMinterData(relayer) });
  }
}

export function setMinterData(minter: string): `0x${string}` {
  return encodeFunctionData({ abi: collectionAbi, functionName: 'setMinter', args: [minter as Address] });
}

export function setBaseData(base: string): `0x${string}` {
  return encodeFunctionData({ abi: collectionAbi, functionName: 'setBase', args: [base] });
}
