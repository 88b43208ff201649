import { Controller } from '@nestjs/common';
import { DEPLOYER, deployTagRelayer, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { AttachCollectionService } from './attach/attach-collection.service.js';
import { ContractReaderService } from './contracts/contract-reader.service.js';
import { DeployDataService } from './deploy/deploy-data.service.js';

type Input<K extends keyof typeof DEPLOYER> = RequestParsed<(typeof DEPLOYER)[K]>;

/** Thin message handlers: the payload is parsed by its definition, then the use case runs. */
@Controller()
export class DeployerHandlers {
  constructor(
    private readonly deployData: DeployDataService,
    private readonly attachCollection: AttachCollectionService,
    private readonly reader: ContractReaderService,
  ) {}

  @HandleRequest(DEPLOYER.networks)
  networks() {
    return this.reader.networks();
  }

  @HandleRequest(DEPLOYER.deployCollection)
  deployCollection(input: Input<'deployCollection'>) {
    return this.deployData.collection(input);
  }

  @HandleRequest(DEPLOYER.attachCollection)
  attach(input: Input<'attachCollection'>) {
    return this.attachCollection.attach(input);
  }

  @HandleRequest(DEPLOYER.deployNftCode)
  deployNftCode({ chain }: Input<'deployNftCode'>) {
    return this.deployData.nftCode(chain);
  }

  @HandleRequest(DEPLOYER.deployLocator)
  deployLocator({ chain, nftCodeAddress }: Input<'deployLocator'>) {
    return this.deployData.locator(chain, nftCodeAddress);
  }

  @HandleRequest(deployTagRelayer)
  deployTagRelayer({ chain }: RequestParsed<typeof deployTagRelayer>) {
    return this.deployData.tagRelayer(chain);
  }

  @HandleRequest(DEPLOYER.setLibraryAddress)
  setLibraryAddress({ chain, locator, nftCodeAddress }: Input<'setLibraryAddress'>) {
    return this.deployData.setLibraryAddress(chain, locator, nftCodeAddress);
  }

  @HandleRequest(DEPLOYER.setBase)
  setBase({ chain, collection, base }: Input<'setBase'>) {
    return this.deployData.setBase(chain, collection, base);
  }

  @HandleRequest(DEPLOYER.setMinter)
  setMinter({ chain, collection }: Input<'setMinter'>) {
    return this.deployData.setMinter(chain, collection);
  }

  @HandleRequest(DEPLOYER.readContract)
  readContract({ chain, address }: Input<'readContract'>) {
    return this.reader.read(chain, address);
  }
}
