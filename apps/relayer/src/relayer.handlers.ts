import { Controller, Inject } from '@nestjs/common';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import { RELAYER, RELAYER_LEDGER, type MintersReply, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { PaidTransactions } from './fees/paid-transactions.js';
import { LimitedCreate } from './limited/limited-create.service.js';
import { MintsService } from './mints/mints.service.js';
import { CHAINS, SIGNER } from './relayer.tokens.js';

/** Thin message handlers: the payload is parsed by its definition, then the use case runs. */
@Controller()
export class RelayerHandlers {
  constructor(
    private readonly mints: MintsService,
    private readonly paid: PaidTransactions,
    private readonly limited: LimitedCreate,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(SIGNER) private readonly signer: LocalSigner,
  ) {}

  @HandleRequest(RELAYER.createMint)
  createMint(input: RequestParsed<typeof RELAYER.createMint>) {
    return this.mints.create(input);
  }

  @HandleRequest(RELAYER.mintByKey)
  async mintByKey({ idempotencyKey }: RequestParsed<typeof RELAYER.mintByKey>) {
    return { item: (await this.mints.byKey(idempotencyKey)) ?? null };
  }

  @HandleRequest(RELAYER.createLimited)
  createLimited(input: RequestParsed<typeof RELAYER.createLimited>) {
    return this.limited.create(input);
  }

  @HandleRequest(RELAYER.listMints)
  listMints(input: RequestParsed<typeof RELAYER.listMints>) {
    return this.mints.list(input);
  }

  @HandleRequest(RELAYER_LEDGER.sendPaid)
  sendPaid(input: RequestParsed<(typeof RELAYER_LEDGER)['sendPaid']>) {
    return this.paid.send(input);
  }

  /** One key for every chain it serves: collections need it as their minter. */
  @HandleRequest(RELAYER.minters)
  minters(): MintersReply {
    return { minters: Object.fromEntries(this.chains.list().map((c) => [c.name, this.signer.key])) };
  }
}
