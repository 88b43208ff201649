import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  attachCollectionCheckRequest,
  deployCollectionRequest,
  DEPLOYER,
  deployLocatorRequest,
  deployNftCodeRequest,
  deployTagRelayer,
  readContractRequest,
  type RequestParsed,
  setBaseRequest,
  setLibraryAddressRequest,
  setMinterRequest,
} from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { AttachCollectionService } from './attach/attach-collection.service.js';
import { ContractReaderService } from './contracts/contract-reader.service.js';
import { DeployDataService } from './deploy/deploy-data.service.js';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class DeployerHandlers {
  constructor(
    private readonly deployData: DeployDataService,
    private readonly attachCollection: AttachCollectionService,
    private readonly reader: ContractReaderService,
  ) {}

  @MessagePattern(DEPLOYER.networks)
  networks() {
    return this.reader.networks();
  }

  @MessagePattern(DEPLOYER.deployCollection)
  deployCollection(@Payload() data: unknown) {
    return this.deployData.collection(deployCollectionRequest.parse(data));
  }

  @MessagePattern(DEPLOYER.attachCollection)
  attach(@Payload() data: unknown) {
    return this.attachCollection.attach(attachCollectionCheckRequest.parse(data));
  }

  @MessagePattern(DEPLOYER.deployNftCode)
  deployNftCode(@Payload() data: unknown) {
    return this.deployData.nftCode(deployNftCodeRequest.parse(data).chain);
  }

  @MessagePattern(DEPLOYER.deployLocator)
  deployLocator(@Payload() data: unknown) {
    const { chain, nftCodeAddress } = deployLocatorRequest.parse(data);
    return this.deployData.locator(chain, nftCodeAddress);
  }

  @HandleRequest(deployTagRelayer)
  deployTagRelayer({ chain }: RequestParsed<typeof deployTagRelayer>) {
    return this.deployData.tagRelayer(chain);
  }

  @MessagePattern(DEPLOYER.setLibraryAddress)
  setLibraryAddress(@Payload() data: unknown) {
    const { chain, locator, nftCodeAddress } = setLibraryAddressRequest.parse(data);
    return this.deployData.setLibraryAddress(chain, locator, nftCodeAddress);
  }

  @MessagePattern(DEPLOYER.setBase)
  setBase(@Payload() data: unknown) {
    const { chain, collection, base } = setBaseRequest.parse(data);
    return this.deployData.setBase(chain, collection, base);
  }

  @MessagePattern(DEPLOYER.setMinter)
  setMinter(@Payload() data: unknown) {
    const { chain, collection } = setMinterRequest.parse(data);
    return this.deployData.setMinter(chain, collection);
  }

  @MessagePattern(DEPLOYER.readContract)
  readContract(@Payload() data: unknown) {
    const { chain, address } = readContractRequest.parse(data);
    return this.reader.read(chain, address);
  }
}
