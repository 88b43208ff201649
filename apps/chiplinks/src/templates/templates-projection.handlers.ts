import { Controller, Inject } from '@nestjs/common';
import { TEMPLATES_EVENTS, type EventParsed } from '@metatag/events';
import { HandleEvent } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import type { ProjectedTemplateLookup } from './template.lookup.js';
import { TemplatesProjection } from './templates.projection.js';

/** Templates' events, applied to chiplinks' projection (at least once, in any order: by version). */
@Controller()
export class TemplatesProjectionHandlers {
  constructor(
    private readonly projection: TemplatesProjection,
    @Inject(TEMPLATE_LOOKUP) private readonly lookup: ProjectedTemplateLookup,
  ) {}

  @HandleEvent(TEMPLATES_EVENTS.nftChanged)
  async nftChanged(event: EventParsed<typeof TEMPLATES_EVENTS.nftChanged>) {
    if (await this.projection.applyNft(event)) this.lookup.changed(event.item.id);
  }

  @HandleEvent(TEMPLATES_EVENTS.collectionAttached)
  async collectionAttached(event: EventParsed<typeof TEMPLATES_EVENTS.collectionAttached>) {
    if (await this.projection.applyCollection(event)) this.lookup.targetsChanged();
  }

  @HandleEvent(TEMPLATES_EVENTS.defaultCollectionChanged)
  async defaultCollectionChanged(event: EventParsed<typeof TEMPLATES_EVENTS.defaultCollectionChanged>) {
    if (await this.projection.applyDefault(event)) this.lookup.targetsChanged();
  }
}
