import { Inject, Injectable } from '@nestjs/common';
import type { Address, Hash, PublicClient, TransactionReceipt } from 'viem';
import type { Collection } from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';
import { TEMPLATES, type TxData } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { ChainClients, chainUnavailable } from '../chain/chain-clients.js';
import { isCollectionProxyCode } from '../contracts/bytecode.js';
import { setBaseData, setMinterData } from '../deploy/deploy-data.service.js';
import { RelayerMinters } from '../relayer-client/relayer-minters.js';
import { SERVICES } from '../templates-client/templates-client.js';

export interface AttachInput {
  chain: string;
  userId: number;
  userAddress: string | null;
  deployedAddress: string;
  name: string;
  symbol: string;
  txHash: string;
  metadataBase: string;
}

export interface AttachReply {
  ok: true;
  item: Collection;
  /** Transaction data pointing the collection's tokenURI base at our metadata endpoint. */
  setBase: TxData;
  /** The relayer's minter address on the chain ('' when unknown). */
  relayer: string;
  /**
   * Transaction data making the relayer the collection's minter (the deployer wallet is, after a
   * deployment); null when it already is, or when the relayer's address is unknown.
   */
  setMinter: TxData | null;
}

const refuse = (message: string) => new AppError('attach_refused', message, 400);

/**
 * Spec section 4: after the receipt, the new contract address is attached to the user. The browser's
 * word is not taken for it: the receipt, the sender, the code and the name/symbol are read from the
 * chain, so nobody can claim someone else's or a foreign contract.
 */
@Injectable()
export class AttachCollectionService {
  constructor(
    private readonly chains: ChainClients,
    private readonly relayer: RelayerMinters,
    @Inject(SERVICES) private readonly templates: ServiceClient,
  ) {}

  async attach(input: AttachInput): Promise<AttachReply> {
    const client = this.chains.client(input.chain);
    const locator = this.chains.locator(input.chain);
    if (!locator)
      throw new AppError('no_locator', `No library locator is configured for chain ${input.chain}`, 400);
    const address = input.deployedAddress as Address;
    let minter: string;
    try {
      const receipt = await this.receipt(client, input.txHash as Hash);
      if (receipt.status !== 'success') throw refuse('The transaction failed');
      if (receipt.contractAddress?.toLowerCase() !== input.deployedAddress)
        throw refuse('The transaction did not create this contract');
      if (input.userAddress && receipt.from.toLowerCase() !== input.userAddress)
        throw refuse('The transaction was not sent from your wallet');
      const code = await client.getCode({ address });
      if (!isCollectionProxyCode(code, locator)) throw refuse('The contract is not a MetaTag collection');
      const [name, symbol, currentMinter] = await Promise.all([
        client.readContract({ address, abi: collectionAbi, functionName: 'name' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'symbol' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'minter' }),
      ]);
      if (name !== input.name || symbol !== input.symbol)
        throw refuse('The name or symbol does not match the contract');
      minter = currentMinter.toLowerCase();
    } catch (error) {
      throw chainUnavailable(input.chain, error);
    }
    const attached = await this.templates.send(TEMPLATES.attachCollection, {
      chain: input.chain,
      userId: input.userId,
      deployedAddress: input.deployedAddress,
      name: input.name,
      symbol: input.symbol,
      txHash: input.txHash.toLowerCase(),
    });
    const relayer = (await this.relayer.of(input.chain)) ?? '';
    return {
      ok: true,
      item: attached.item,
      setBase: { to: input.deployedAddress, data: setBaseData(input.metadataBase) },
      relayer,
      setMinter:
        relayer && minter !== relayer ? { to: input.deployedAddress, data: setMinterData(relayer) } : null,
    };
  }

  private async receipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt> {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError')
        throw refuse('The transaction has no receipt yet');
      throw error;
    }
  }
}
