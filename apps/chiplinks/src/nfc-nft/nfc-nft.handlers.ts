import { Controller } from '@nestjs/common';
import { NFC_NFT, RELAYER_EVENTS, type EventParsed, type RequestParsed } from '@metatag/events';
import { HandleEvent, HandleRequest } from '@metatag/nest-kit';
import { GaslessRelay } from './gasless-relay.js';
import { NfcNftService } from './nfc-nft.service.js';
import { RelayConfirmation } from './relay-confirmation.js';

type Input<K extends keyof typeof NFC_NFT> = RequestParsed<(typeof NFC_NFT)[K]>;

/** NFC-NFT records' message handlers (libs/events NFC_NFT). */
@Controller()
export class NfcNftHandlers {
  constructor(
    private readonly records: NfcNftService,
    private readonly confirmation: RelayConfirmation,
    private readonly gasless: GaslessRelay,
  ) {}

  @HandleRequest(NFC_NFT.completeGasless)
  completeGasless({ tag, scanToken }: Input<'completeGasless'>) {
    return this.gasless.complete(tag, scanToken);
  }

  @HandleEvent(RELAYER_EVENTS.txSent)
  async txSent(event: EventParsed<typeof RELAYER_EVENTS.txSent>) {
    await this.gasless.onSent(event);
  }

  @HandleEvent(RELAYER_EVENTS.txConfirmed)
  async txConfirmed(event: EventParsed<typeof RELAYER_EVENTS.txConfirmed>) {
    await this.gasless.onConfirmed(event);
  }

  @HandleEvent(RELAYER_EVENTS.txFailed)
  async txFailed(event: EventParsed<typeof RELAYER_EVENTS.txFailed>) {
    await this.gasless.onFailed(event);
  }

  @HandleRequest(NFC_NFT.confirm)
  confirm({ tag, txHash }: Input<'confirm'>) {
    return this.confirmation.confirm(tag, txHash);
  }

  @HandleRequest(NFC_NFT.list)
  list({ actor }: Input<'list'>) {
    return this.records.list(actor);
  }

  @HandleRequest(NFC_NFT.create)
  create({ actor }: Input<'create'>) {
    return this.records.create(actor);
  }

  @HandleRequest(NFC_NFT.update)
  update(input: Input<'update'>) {
    return this.records.update(input);
  }

  @HandleRequest(NFC_NFT.remove)
  remove({ actor, id }: Input<'remove'>) {
    return this.records.remove(actor, id);
  }

  @HandleRequest(NFC_NFT.setPending)
  setPending(input: Input<'setPending'>) {
    return this.records.setPending(input);
  }

  @HandleRequest(NFC_NFT.history)
  history({ actor, id }: Input<'history'>) {
    return this.records.history(actor, id);
  }
}
