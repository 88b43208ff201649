import { Inject, Injectable } from '@nestjs/common';
import {
  collectionTemplatePatchSchema,
  collectionTemplateSchema,
  DEFAULT_COLLECTION_TEMPLATE,
  INVALID_VALUE,
  type CollectionTemplate,
} from '@metatag/api-types';
import type { Actor } from '@metatag/events';
import { AppError, CLOCK, type Clock } from '@metatag/nest-kit';
import { COLLECTION_NOT_FOUND, CollectionsService } from '../collections/collections.service.js';
import { CollectionTemplateRepository } from './collection-template.repository.js';

/** A collection's colours and menu: edited by its owner, read by everyone (the public chip/link pages). */
@Injectable()
export class CollectionTemplatesService {
  constructor(
    private readonly templates: CollectionTemplateRepository,
    private readonly collections: CollectionsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Without an actor (public pages) any address answers, with the defaults when nothing was saved. */
  async get(chain: string, address: string, actor?: Actor): Promise<CollectionTemplate> {
    if (actor && !(await this.collections.mayEdit(chain, address, actor)))
      throw AppError.notFound(COLLECTION_NOT_FOUND);
    return this.current(chain, address);
  }

  async put(chain: string, address: string, actor: Actor, body: unknown): Promise<CollectionTemplate> {
    if (!(await this.collections.mayEdit(chain, address, actor)))
      throw AppError.notFound(COLLECTION_NOT_FOUND);
    const patch = collectionTemplatePatchSchema.safeParse(body);
    if (!patch.success) {
      const field = patch.error.issues[0]?.path[0];
      throw new AppError(
        'invalid_value',
        field === undefined ? INVALID_VALUE : `${INVALID_VALUE}: ${String(field)}`,
        400,
      );
    }
    const next = { ...(await this.current(chain, address)), ...patch.data };
    await this.templates.save(chain, address, next, this.clock.now());
    return next;
  }

  /** A stored template is re-validated on read: defaults fill fields added after it was saved. */
  private async current(chain: string, address: string): Promise<CollectionTemplate> {
    const stored = await this.templates.find(chain, address);
    const parsed = collectionTemplateSchema.safeParse({
      ...DEFAULT_COLLECTION_TEMPLATE,
      ...(typeof stored === 'object' && stored !== null ? stored : {}),
    });
    return parsed.success ? parsed.data : { ...DEFAULT_COLLECTION_TEMPLATE };
  }
}
