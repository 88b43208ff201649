import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type { Address } from 'viem';
import {
  attachCollectionBody,
  deployCollectionBody,
  deployLocatorBody,
  deployNftCodeBody,
  deployTagRelayerBody,
  registerDefaultCollectionBody,
  setBaseBody,
  setLibraryAddressBody,
  userQuery,
  ADDRESS_PATTERN,
} from '@metatag/api-types';
import { rpcUrlOf, type GatewayConfig } from '@metatag/config';
import { interfaceChains, networkTable, type ChainName, type NetworkEntry } from '@metatag/contracts';
import {
  AUTH,
  DEFAULT_COLLECTION_CHECKS,
  DEFAULT_COLLECTIONS,
  DEPLOYER,
  deployTagRelayer,
  type AuthUser,
  type DefaultCollection,
} from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { addressParam, chainParam, canonicalOrigin, targetUserId } from '../templates/route-params.js';

type NetworkEntryReply = NetworkEntry & {
  minter: string;
  defaultCollection: string;
  defaultCollectionSource: DefaultCollection['source'];
};

/** An account's wallets: its sign-in name when that is an address, and the wallet it linked. */
function walletsOf(user: AuthUser): string[] {
  const wallets = [user.address, user.userAddress ?? ''].map((a) => a.toLowerCase());
  return [...new Set(wallets.filter((a) => ADDRESS_PATTERN.test(a)))];
}

/** The tokenURI base of a collection: our ERC-721 metadata endpoint. */
const metadataBase = (config: GatewayConfig, chain: string, collection: string) =>
  `${canonicalOrigin(config)}/metadata/${chain}/${collection}/`;

/**
 * Deployment tools (spec sections 2, 4 and 7). The server prepares transaction data; the admin's
 * browser wallet sends it (a contract creation: the UI shows the 5,000,000 gas notice). Contract routes
 * live under /json/{chain}/contracts/{address}.
 */
@Controller()
export class DeployerController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * The network table of the interface's chains. `address` is our RPC proxy: provider keys stay here.
   * `relayer` is the chain's TagRelayer contract ('' when none is configured), where pending NFC-NFT
   * transactions are sent. `minter` is the address the relayer mints with ('' when unknown): a collection
   * whose minter is another address cannot be minted by the relayer (manual mints, chip vouchers).
   * `defaultCollection` is where templates without a collection mint ('' when the chain has none),
   * `defaultCollectionSource` whether it is configured, registered, or none.
   */
  @Public()
  @Get('json/networks')
  async networks(): Promise<{ items: Partial<Record<ChainName, NetworkEntryReply>> }> {
    const [{ libraryAddressLocators, relayers, tagRelayers }, { items: defaults }] = await Promise.all([
      this.services.send(DEPLOYER.networks, {}),
      this.services.send(DEFAULT_COLLECTIONS.list, {}),
    ]);
    const defaultOf = new Map<string, DefaultCollection>(defaults.map((item) => [item.chain, item]));
    const rpcUrls: Partial<Record<ChainName, string>> = {};
    const locators: Partial<Record<ChainName, Address>> = {};
    const relayerContracts: Partial<Record<ChainName, Address>> = {};
    for (const chain of interfaceChains) {
      if (rpcUrlOf(this.config, chain)) rpcUrls[chain] = `/json/rpc/${chain}`;
      if (libraryAddressLocators[chain]) locators[chain] = libraryAddressLocators[chain] as Address;
      if (tagRelayers[chain]) relayerContracts[chain] = tagRelayers[chain] as Address;
    }
    const table = networkTable({ rpcUrls, libraryAddressLocators: locators, tagRelayers: relayerContracts });
    return {
      items: Object.fromEntries(
        interfaceChains.map((chain) => [
          chain,
          {
            ...table[chain],
            minter: relayers[chain] ?? '',
            defaultCollection: defaultOf.get(chain)?.address ?? '',
            defaultCollectionSource: defaultOf.get(chain)?.source ?? 'none',
          },
        ]),
      ),
    };
  }

  /**
   * The super admin makes a collection the chain's default: the deployer checks it is a MetaTag
   * collection on the chain's locator, templates records it (409 when the default is configured).
   * The reply carries setMinter data when the relayer is not its minter yet.
   */
  @Allow('superAdmin')
  @Post('json/:chain/default-collection')
  @HttpCode(200)
  registerDefaultCollection(
    @Param('chain') chain: string,
    @Body(new ZodPipe(registerDefaultCollectionBody)) body: { address: string },
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(DEFAULT_COLLECTION_CHECKS.register, {
      chain: chainParam(chain),
      address: body.address,
      userId: me.id,
    });
  }

  @Allow('admin')
  @Post('deploy-collection')
  @HttpCode(200)
  deployCollection(
    @Body(new ZodPipe(deployCollectionBody))
    body: {
      chain: string;
      name: string;
      symbol: string;
      libraryAddress: string;
    },
  ) {
    return this.services.send(DEPLOYER.deployCollection, { ...body, chain: chainParam(body.chain) });
  }

  /** After the receipt: the deployer checks the chain, then the collection becomes the user's. */
  @Allow('admin')
  @Post('json/:chain/attach-collection-to-user')
  @HttpCode(200)
  async attach(
    @Param('chain') chain: string,
    @Query(new ZodPipe(userQuery)) query: { user?: number },
    @Body(new ZodPipe(attachCollectionBody))
    body: {
      dataToSave: { deployedAddress: string; name: string; symbol: string };
      txHash: string;
      ownerSignature?: { signature: string; deadline: string };
    },
    @CurrentUser() me: AuthUser,
  ) {
    const name = chainParam(chain);
    const userId = targetUserId(query.user, me);
    const user = userId === me.id ? me : await this.services.send(AUTH.getUser, { id: userId });
    return this.services.send(DEPLOYER.attachCollection, {
      chain: name,
      userId,
      wallets: walletsOf(user),
      ownerSignature: body.ownerSignature,
      ...body.dataToSave,
      txHash: body.txHash,
      metadataBase: metadataBase(this.config, name, body.dataToSave.deployedAddress),
    });
  }

  @Allow('superAdmin')
  @Post('deploy-nft-code')
  @HttpCode(200)
  deployNftCode(@Body(new ZodPipe(deployNftCodeBody)) body: { chain: string }) {
    return this.services.send(DEPLOYER.deployNftCode, { chain: chainParam(body.chain) });
  }

  @Allow('superAdmin')
  @Post('deploy-library-locator')
  @HttpCode(200)
  deployLocator(@Body(new ZodPipe(deployLocatorBody)) body: { chain: string; nftCodeAddress: string }) {
    return this.services.send(DEPLOYER.deployLocator, { ...body, chain: chainParam(body.chain) });
  }

  /** A TagRelayer whose authorizer is the relayer's key (tx data for the super admin's wallet). */
  @Allow('superAdmin')
  @Post('deploy-tag-relayer')
  @HttpCode(200)
  deployTagRelayer(@Body(new ZodPipe(deployTagRelayerBody)) body: { chain: string }) {
    return this.services.send(deployTagRelayer, { chain: chainParam(body.chain) });
  }

  /** Update a locator: points every collection on it at other NFT code (tx data for the locator owner). */
  @Allow('superAdmin')
  @Post('json/:chain/contracts/:address/set-library-address')
  @HttpCode(200)
  setLibraryAddress(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Body(new ZodPipe(setLibraryAddressBody)) body: { nftCodeAddress: string },
  ) {
    return this.services.send(DEPLOYER.setLibraryAddress, {
      chain: chainParam(chain),
      locator: addressParam(address),
      nftCodeAddress: body.nftCodeAddress,
    });
  }

  /** Read contract fields: name, symbol, base, owner, minter, library version and the proxy's own. */
  @Allow('superAdmin')
  @Get('json/:chain/contracts/:address')
  async read(@Param('chain') chain: string, @Param('address') address: string) {
    const item = await this.services.send(DEPLOYER.readContract, {
      chain: chainParam(chain),
      address: addressParam(address),
    });
    return { ok: true, item };
  }

  /** tokenURI base → our metadata endpoint (default), for the collection owner's wallet to send. */
  @Allow('admin')
  @Post('json/:chain/contracts/:address/set-base')
  @HttpCode(200)
  setBase(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Body(new ZodPipe(setBaseBody)) body: { base: string },
  ) {
    const name = chainParam(chain);
    const collection = addressParam(address);
    return this.services.send(DEPLOYER.setBase, {
      chain: name,
      collection,
      base: body.base || metadataBase(this.config, name, collection),
    });
  }

  /**
   * setMinter(the relayer), for the collection owner's wallet to send: a collection deployed from an
   * admin's wallet has that wallet as minter, and the relayer can mint only once it is the minter.
   */
  @Allow('admin')
  @Post('json/:chain/contracts/:address/set-minter')
  @HttpCode(200)
  setMinter(@Param('chain') chain: string, @Param('address') address: string) {
    return this.services.send(DEPLOYER.setMinter, {
      chain: chainParam(chain),
      collection: addressParam(address),
    });
  }
}
