import { Module, type DynamicModule } from '@nestjs/common';
import type { TemplatesConfig } from '@metatag/config';
import { ChainDirectory } from '@metatag/chain';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import {
  createServiceClient,
  DATABASE,
  LOGGER,
  ServiceCoreModule,
  type ServiceClient,
  type ServiceDeps,
} from '@metatag/nest-kit';
import { Outbox } from '@metatag/outbox';
import { CollectionTemplateRepository } from './collection-template/collection-template.repository.js';
import { CollectionTemplatesService } from './collection-template/collection-templates.service.js';
import { CollectionRepository } from './collections/collection.repository.js';
import { CollectionsService } from './collections/collections.service.js';
import { DefaultCollectionsHandlers } from './default-collections/default-collections.handlers.js';
import { DefaultCollectionRepository } from './default-collections/default-collection.repository.js';
import { DefaultCollectionsService } from './default-collections/default-collections.service.js';
import { NftTemplateRepository } from './nfts/nft-template.repository.js';
import { NftTemplatesService } from './nfts/nft-templates.service.js';
import { TEMPLATE_QUOTA, templateQuotaOf } from './nfts/template-quota.js';
import { TemplateSearchRepository } from './search/template-search.repository.js';
import { MintLedgerHandlers } from './ledger/mint-ledger.handlers.js';
import { LedgerProjector } from './ledger/ledger.projector.js';
import { LedgerRunner } from './ledger/ledger.runner.js';
import { LEDGER_EVENTS_CLIENT, TEMPLATES_CHAINS } from './ledger/ledger.tokens.js';
import { MintCountConsumer } from './ledger/mint-count.consumer.js';
import { MintsList } from './ledger/mints-list.js';
import { TemplateMintsQuery } from './ledger/template-mints.js';
import { MintsOverviewQuery } from './ledger/mints-overview.js';
import { templatesOutbox } from './outbox/templates-outbox.js';
import { ReadModelChanges } from './read-model/read-model.changes.js';
import { ReadModelWriter } from './read-model/read-model.writer.js';
import { PlacesHandlers } from './places/places.handlers.js';
import { TemplatePlaces } from './places/template-places.js';
import { TemplatesHandlers } from './templates.handlers.js';
import { TokenMetadataService } from './tokens/token-metadata.service.js';
import { TokenTemplateRepository } from './tokens/token-template.repository.js';

/**
 * The templates service: collections per user, NFT templates, media metadata (the bytes stay in the
 * gateway's MediaStorage), token → template mapping, collection templates, and the mint ledger (the
 * projector of the chain index into `token.*` events, docs/decisions.md "One mint ledger"). Schema
 * `templates`.
 */
@Module({})
export class TemplatesModule {
  static forRoot(deps: ServiceDeps<TemplatesConfig>): DynamicModule {
    return {
      module: TemplatesModule,
      imports: [ServiceCoreModule.forRoot('templates', deps)],
      controllers: [TemplatesHandlers, DefaultCollectionsHandlers, MintLedgerHandlers, PlacesHandlers],
      providers: [
        { provide: TEMPLATES_CHAINS, useFactory: () => new ChainDirectory(deps.config) },
        {
          provide: LEDGER_EVENTS_CLIENT,
          useFactory: () => createServiceClient('templates', deps.config, deps.bus),
        },
        {
          provide: Outbox,
          useFactory: (database: Database, client: ServiceClient, logger: Logger) =>
            templatesOutbox({ database, client, logger }),
          inject: [DATABASE, LEDGER_EVENTS_CLIENT, LOGGER],
        },
        ReadModelWriter,
        ReadModelChanges,
        LedgerProjector,
        LedgerRunner,
        MintCountConsumer,
        MintsList,
        MintsOverviewQuery,
        TemplateMintsQuery,
        CollectionRepository,
        CollectionsService,
        NftTemplateRepository,
        NftTemplatesService,
        { provide: TEMPLATE_QUOTA, useValue: templateQuotaOf(deps.config) },
        TokenTemplateRepository,
        TokenMetadataService,
        TemplatePlaces,
        CollectionTemplateRepository,
        CollectionTemplatesService,
        DefaultCollectionRepository,
        DefaultCollectionsService,
        TemplateSearchRepository,
      ],
    };
  }
}
