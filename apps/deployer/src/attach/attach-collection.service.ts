import { Inject, Injectable } from '@nestjs/common';
import type { Address, Hash, Hex, PublicClient, TransactionReceipt } from 'viem';
import type { Collection } from '@metatag/api-types';
import {
  chainIdOf,
  collectionAbi,
  isLiveDeadline,
  recoverAttachCollectionSigner,
  type ChainName,
} from '@metatag/contracts';
import { TEMPLATES, type TxData } from '@metatag/events';
import { AppError, CLOCK, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { ChainClients, chainUnavailable } from '../chain/chain-clients.js';
import { isCollectionProxyCode } from '../contracts/bytecode.js';
import { setBaseData, setMinterData } from '../deploy/deploy-data.service.js';
import { RelayerMinters } from '../relayer-client/relayer-minters.js';
import { SERVICES } from '../templates-client/templates-client.js';

export interface AttachInput {
  chain: string;
  userId: number;
  /** The account's wallets (its sign-in address and its linked wallet), lower-cased. */
  wallets: string[];
  /** The owner's EIP-712 AttachCollection signature, when the owner is not one of `wallets`. */
  ownerSignature?: { signature: string; deadline: string };
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
 * word is not taken for it: the receipt, the code and the name/symbol are read from the chain, and
 * the account must prove control of the collection's `owner()` as the chain has it now: the owner is
 * one of the account's wallets (its sign-in wallet, or one it linked by signature), or the owner
 * signed the EIP-712 AttachCollection message for this account. A public transaction hash proves
 * nothing about who asks.
 */
@Injectable()
export class AttachCollectionService {
  constructor(
    private readonly chains: ChainClients,
    private readonly relayer: RelayerMinters,
    @Inject(SERVICES) private readonly templates: ServiceClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async attach(input: AttachInput): Promise<AttachReply> {
    const client = this.chains.client(input.chain);
    const locator = this.chains.locator(input.chain);
    if (!locator)
      throw new AppError('no_locator', `No library locator is configured for chain ${input.chain}`, 400);
    const address = input.deployedAddress as Address;
    let minter: string;
    let owner: string;
    try {
      const receipt = await this.receipt(client, input.txHash as Hash);
      if (receipt.status !== 'success') throw refuse('The transaction failed');
      if (receipt.contractAddress?.toLowerCase() !== input.deployedAddress)
        throw refuse('The transaction did not create this contract');
      const code = await client.getCode({ address });
      if (!isCollectionProxyCode(code, locator)) throw refuse('The contract is not a MetaTag collection');
      const [name, symbol, currentMinter, currentOwner] = await Promise.all([
        client.readContract({ address, abi: collectionAbi, functionName: 'name' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'symbol' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'minter' }),
        client.readContract({ address, abi: collectionAbi, functionName: 'owner' }),
      ]);
      if (name !== input.name || symbol !== input.symbol)
        throw refuse('The name or symbol does not match the contract');
      minter = currentMinter.toLowerCase();
      owner = currentOwner.toLowerCase();
    } catch (error) {
      throw chainUnavailable(input.chain, error);
    }
    await this.assertControls(input, chainIdOf(this.chains.require(input.chain) as ChainName), owner);
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

  /** The account controls `owner`: it is one of its wallets, or the owner signed this attach. */
  private async assertControls(input: AttachInput, chainId: number, owner: string): Promise<void> {
    if (input.wallets.includes(owner)) return;
    const proof = input.ownerSignature;
    if (!proof)
      throw new AppError(
        'owner_proof_required',
        `The collection's owner ${owner} is not a wallet of your account: link that wallet to your ` +
          'account, or sign the attach message with it',
        403,
      );
    const deadline = BigInt(proof.deadline);
    if (!isLiveDeadline(deadline, Math.floor(this.clock.now().getTime() / 1000)))
      throw new AppError('signature_expired', 'The signature has expired; sign again', 400);
    let signer: string;
    try {
      signer = await recoverAttachCollectionSigner(
        { chainId, account: input.userId, collection: input.deployedAddress, deadline },
        proof.signature as Hex,
      );
    } catch {
      throw new AppError('invalid_signature', 'Invalid signature', 400);
    }
    if (signer !== owner)
      throw new AppError(
        'owner_proof_required',
        `The attach message was not signed by the collection's owner ${owner}`,
        403,
      );
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
