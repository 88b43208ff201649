import { Module, type DynamicModule } from '@nestjs/common';
import type { TemplatesConfig } from '@metatag/config';
import { ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';
import { CollectionTemplateRepository } from './collection-template/collection-template.repository.js';
import { CollectionTemplatesService } from './collection-template/collection-templates.service.js';
import { CollectionRepository } from './collections/collection.repository.js';
import { CollectionsService } from './collections/collections.service.js';
import { DefaultCollectionsHandlers } from './default-collections/default-collections.handlers.js';
import { DefaultCollectionRepository } from './default-collections/default-collection.repository.js';
import { DefaultCollectionsService } from './default-collections/default-collections.service.js';
import { NftTemplateRepository } from './nfts/nft-template.repository.js';
import { NftTemplatesService } from './nfts/nft-templates.service.js';
import { TemplateSearchRepository } from './search/template-search.repository.js';
import { TemplatesHandlers } from './templates.handlers.js';
import { TokenMetadataService } from './tokens/token-metadata.service.js';
import { TokenTemplateRepository } from './tokens/token-template.repository.js';

/**
 * The templates service: collections per user, NFT templates, media metadata (the bytes stay in the
 * gateway's MediaStorage), token → template mapping, collection templates. Schema `templates`.
 */
@Module({})
export class TemplatesModule {
  static forRoot(deps: ServiceDeps<TemplatesConfig>): DynamicModule {
    return {
      module: TemplatesModule,
      imports: [ServiceCoreModule.forRoot('templates', deps)],
      controllers: [TemplatesHandlers, DefaultCollectionsHandlers],
      providers: [
        CollectionRepository,
        CollectionsService,
        NftTemplateRepository,
        NftTemplatesService,
        TokenTemplateRepository,
        TokenMetadataService,
        CollectionTemplateRepository,
        CollectionTemplatesService,
        DefaultCollectionRepository,
        DefaultCollectionsService,
        TemplateSearchRepository,
      ],
    };
  }
}
