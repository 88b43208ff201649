import { Controller } from '@nestjs/common';
import { RELAYER_EVENTS, TEMPLATES, type EventParsed, type RequestParsed } from '@metatag/events';
import { HandleEvent, HandleRequest } from '@metatag/nest-kit';
import { TemplatePlaces } from './template-places.js';

type Input<K extends keyof typeof TEMPLATES> = RequestParsed<(typeof TEMPLATES)[K]>;

/** A template's places under its limit (#31 item 3): chiplinks and the relayer take them here. */
@Controller()
export class PlacesHandlers {
  constructor(private readonly places: TemplatePlaces) {}

  @HandleRequest(TEMPLATES.takePlace)
  take(input: Input<'takePlace'>) {
    return this.places.take(input);
  }

  @HandleRequest(TEMPLATES.placesTaken)
  count({ nftId, exceptHolder }: Input<'placesTaken'>) {
    return this.places.count(nftId, exceptHolder);
  }

  @HandleRequest(TEMPLATES.releasePlace)
  async release({ nftId, holder }: Input<'releasePlace'>) {
    await this.places.release(nftId, holder);
    return { ok: true as const };
  }

  @HandleEvent(RELAYER_EVENTS.mintFailed)
  async mintFailed(event: EventParsed<typeof RELAYER_EVENTS.mintFailed>) {
    await this.places.onMintFailed(event);
  }
}
