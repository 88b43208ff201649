import { Controller, Inject } from '@nestjs/common';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { ChainDirectory } from '@metatag/chain';
import type { RelayerConfig } from '@metatag/config';
import {
  collectionAbi,
  encodeMintSigned,
  encodeTransferSigned,
  signMintVoucher,
  signTransferVoucher,
} from '@metatag/contracts';
import { VOUCHERS, type RequestParsed, type SignVoucherReply } from '@metatag/events';
import { AppError, HandleRequest, SERVICE_CONFIG } from '@metatag/nest-kit';
import { CHAINS } from '../relayer.tokens.js';
import { phasedMintCallData } from '../mints/phased-mint-call.js';

/**
 * `relayer.voucher.sign`: EIP-712 mint and transfer vouchers signed with the minter key, for a visitor's
 * wallet to send (chiplinks decides who may have one). Refuses collections whose minter is another
 * address: such a voucher would only revert in the visitor's wallet.
 */
@Controller()
export class VoucherHandler {
  private readonly minter: PrivateKeyAccount;
  /** Minter per collection: it changes rarely, and every voucher would otherwise cost a chain read. */
  private readonly minters = new Map<string, { minter: string; until: number }>();

  constructor(
    @Inject(SERVICE_CONFIG) config: RelayerConfig,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
  ) {
    this.minter = privateKeyToAccount(config.RELAYER_PRIVATE_KEY as Hex);
  }

  @HandleRequest(VOUCHERS.sign)
  async sign(req: RequestParsed<typeof VOUCHERS.sign>): Promise<SignVoucherReply> {
    const chain = this.chains.byName(req.chain);
    if (!chain) throw AppError.notFound(`Chain ${req.chain} is not configured`);
    const collection = getAddress(req.collection);
    await this.assertMinter(chain, collection);
    const target = { chainId: chain.chainId, collection };
    if (req.kind === 'mint') {
      const voucher = {
        to: getAddress(req.to),
        tokenId: BigInt(req.tokenId),
        price: BigInt(req.price),
        payoutAddress: getAddress(req.payoutAddress),
        disallowTransfers: req.disallowTransfers,
        deadline: BigInt(req.deadline),
      };
      // a phased template (issue #32 item 3): the collection itself checks the phase's terms
      if (req.phase)
        return { data: await phasedMintCallData(this.minter, target, voucher, req.phase), value: req.price };
      const signature = await signMintVoucher(this.minter, target, voucher);
      return { data: encodeMintSigned(voucher, signature), value: req.price };
    }
    const tokenId = BigInt(req.tokenId);
    const nonce = await chain.client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'transferNonce',
      args: [tokenId],
    });
    const voucher = { to: getAddress(req.to), tokenId, nonce: Number(nonce), deadline: BigInt(req.deadline) };
    const signature = await signTransferVoucher(this.minter, target, voucher);
    return { data: encodeTransferSigned(voucher, signature), value: '0' };
  }

  private async assertMinter(
    chain: NonNullable<ReturnType<ChainDirectory['byName']>>,
    collection: Hex,
  ): Promise<void> {
    const key = `${chain.chainId}:${collection}`;
    let cached = this.minters.get(key);
    if (!cached || cached.until < Date.now()) {
      const minter = await chain.client.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'minter',
      });
      cached = { minter: minter.toLowerCase(), until: Date.now() + 60_000 };
      // only a yes is kept: a collection handed to the relayer (setMinter) works at its next voucher
      if (cached.minter === this.minter.address.toLowerCase()) this.minters.set(key, cached);
    }
    if (cached.minter !== this.minter.address.toLowerCase())
      throw new AppError('not_minter', 'The relayer is not the minter of this collection', 409);
  }
}
