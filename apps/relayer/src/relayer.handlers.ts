import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RELAYER, createMintRequest, listMintsRequest } from '@metatag/events';
import { MintsService } from './mints/mints.service.js';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class RelayerHandlers {
  constructor(private readonly mints: MintsService) {}

  @MessagePattern(RELAYER.createMint)
  createMint(@Payload() data: unknown) {
    return this.mints.create(createMintRequest.parse(data));
  }

  @MessagePattern(RELAYER.listMints)
  listMints(@Payload() data: unknown) {
    return this.mints.list(listMintsRequest.parse(data));
  }
}
