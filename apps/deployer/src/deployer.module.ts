import { Module, type DynamicModule } from '@nestjs/common';
import type { DeployerConfig } from '@metatag/config';
import { createServiceClient, ServiceCoreModule, type ServiceDeps } from '@metatag/nest-kit';
import { AttachCollectionService } from './attach/attach-collection.service.js';
import { ChainClients } from './chain/chain-clients.js';
import { ContractReaderService } from './contracts/contract-reader.service.js';
import { DefaultCollectionCheckService } from './default-collection/default-collection-check.service.js';
import { DefaultCollectionHandlers } from './default-collection/default-collection.handlers.js';
import { DeployDataService } from './deploy/deploy-data.service.js';
import { DeployerHandlers } from './deployer.handlers.js';
import { RelayerMinters } from './relayer-client/relayer-minters.js';
import { SERVICES, ServicesClientShutdown } from './templates-client/templates-client.js';

/**
 * The deployer service: transaction data for browser wallets, the on-chain check behind attaching a
 * collection, contract reads, the chains' locators. It owns no tables (no `deployer` schema content):
 * attached collections are stored by the templates service.
 */
@Module({})
export class DeployerModule {
  static forRoot(deps: ServiceDeps<DeployerConfig>): DynamicModule {
    return {
      module: DeployerModule,
      imports: [ServiceCoreModule.forRoot('deployer', deps)],
      controllers: [DeployerHandlers, DefaultCollectionHandlers],
      providers: [
        ChainClients,
        DeployDataService,
        DefaultCollectionCheckService,
        AttachCollectionService,
        ContractReaderService,
        RelayerMinters,
        {
          provide: SERVICES,
          useFactory: () => createServiceClient('deployer', deps.config, deps.bus),
        },
        ServicesClientShutdown,
      ],
    };
  }
}
