import { Controller, Inject } from '@nestjs/common';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { ChainDirectory } from '@metatag/chain';
import type { RelayerConfig } from '@metatag/config';
import { encodeTagRelayerExecute, signTagRelayerAuthorization } from '@metatag/contracts';
import { TAG_RELAY, type RequestParsed } from '@metatag/events';
import { AppError, HandleRequest, SERVICE_CONFIG } from '@metatag/nest-kit';
import { CHAINS } from '../relayer.tokens.js';

/**
 * `relayer.tag-relay.authorize`: the scan-bound EIP-712 authorization of a pending NFC-NFT call,
 * signed with the relayer key (the TagRelayer's authorizer), returned as the TagRelayer's `execute`
 * call data. chiplinks decides when one is due (a verified scan of a chip with a pending record) and
 * derives the one-time scanId from the record, so the contract runs each pending call at most once.
 */
@Controller()
export class TagRelayHandler {
  private readonly authorizer: PrivateKeyAccount;

  constructor(
    @Inject(SERVICE_CONFIG) config: RelayerConfig,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
  ) {
    this.authorizer = privateKeyToAccount(config.RELAYER_PRIVATE_KEY as Hex);
  }

  @HandleRequest(TAG_RELAY.authorize)
  async authorize(req: RequestParsed<typeof TAG_RELAY.authorize>) {
    const chain = this.chains.byName(req.chain);
    if (!chain) throw AppError.notFound(`Chain ${req.chain} is not configured`);
    const authorization = {
      scanId: req.scanId as Hex,
      target: getAddress(req.target),
      data: req.data as Hex,
      value: BigInt(req.value),
      deadline: BigInt(req.deadline),
    };
    const signature = await signTagRelayerAuthorization(
      this.authorizer,
      { chainId: chain.chainId, relayer: getAddress(req.relayer) },
      authorization,
    );
    return { transactionDataToRelayer: encodeTagRelayerExecute(authorization, signature) };
  }
}
