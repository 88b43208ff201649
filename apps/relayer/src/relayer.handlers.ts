import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import { RELAYER, createMintRequest, listMintsRequest, type MintersReply } from '@metatag/events';
import { MintsService } from './mints/mints.service.js';
import { CHAINS, SIGNER } from './relayer.tokens.js';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class RelayerHandlers {
  constructor(
    private readonly mints: MintsService,
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

  /** One key for every chain it serves: collections need it as their minter. */
  @MessagePattern(RELAYER.minters)
  minters(): MintersReply {
    return { minters: Object.fromEntries(this.chains.list().map((c) => [c.name, this.signer.key])) };
  }
}
