import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import {
  RELAYER,
  RELAYER_LEDGER,
  createMintRequest,
  listMintsRequest,
  relayerActiveMints,
  type MintersReply,
  type RequestParsed,
} from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { PaidTransactions } from './ledger/paid-transactions.js';
import { MintsService } from './mints/mints.service.js';
import { CHAINS, SIGNER } from './relayer.tokens.js';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class RelayerHandlers {
  constructor(
    private readonly mints: MintsService,
    private readonly paid: PaidTransactions,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(SIGNER) private readonly signer: LocalSigner,
  ) {}

  @MessagePattern(RELAYER.createMint)
  createMint(@Payload() data: unknown) {
    return this.mints.create(createMintRequest.parse(data));
  }

  @MessagePattern(RELAYER.listMints)
  listMints(@Payload() data: unknown) {
    return this.mints.list(listMintsRequest.parse(data));
  }

  @HandleRequest(relayerActiveMints)
  activeMints(input: RequestParsed<typeof relayerActiveMints>) {
    return this.mints.activeCount(input.nftId);
  }

  @HandleRequest(RELAYER_LEDGER.sendPaid)
  sendPaid(input: RequestParsed<(typeof RELAYER_LEDGER)['sendPaid']>) {
    return this.paid.send(input);
  }

  /** One key for every chain it serves: collections need it as their minter. */
  @MessagePattern(RELAYER.minters)
  minters(): MintersReply {
    return { minters: Object.fromEntries(this.chains.list().map((c) => [c.name, this.signer.key])) };
  }
}
