// Per-chain contract addresses from configuration: the library locator, the default collection, the TagRelayer.
import { z } from 'zod';

export const locatorAddress = (chain: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(`Library-address locator of ${chain}: deploy tools, attach checks, network table`);

/** Each chain's library-address locator (spec section 3 "Network entry": library_address_locator). */
export const libraryLocatorSchema = z.object({
  LIBRARY_LOCATOR_GANACHE: locatorAddress('the local chain (standalone sets its own)'),
  LIBRARY_LOCATOR_MAINNET: locatorAddress('mainnet'),
  LIBRARY_LOCATOR_GOERLI: locatorAddress('goerli'),
  LIBRARY_LOCATOR_RINKEBY: locatorAddress('rinkeby'),
  LIBRARY_LOCATOR_MUMBAI: locatorAddress('mumbai'),
  LIBRARY_LOCATOR_POLYGON: locatorAddress('polygon'),
  LIBRARY_LOCATOR_SEPOLIA: locatorAddress('sepolia'),
});

export const defaultCollectionAddress = (chain: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(
      `Default collection of ${chain}: templates without a collection mint there (wins over one the super admin registered)`,
    );

/** Each chain's default collection (spec section 5: a template's empty collection means the default). */
export const defaultCollectionSchema = z.object({
  DEFAULT_COLLECTION_GANACHE: defaultCollectionAddress(
    'the local chain (standalone deploys its own at first start)',
  ),
  DEFAULT_COLLECTION_MAINNET: defaultCollectionAddress('mainnet'),
  DEFAULT_COLLECTION_GOERLI: defaultCollectionAddress('goerli'),
  DEFAULT_COLLECTION_RINKEBY: defaultCollectionAddress('rinkeby'),
  DEFAULT_COLLECTION_MUMBAI: defaultCollectionAddress('mumbai'),
  DEFAULT_COLLECTION_POLYGON: defaultCollectionAddress('polygon'),
  DEFAULT_COLLECTION_SEPOLIA: defaultCollectionAddress('sepolia'),
});

export const tagRelayerAddress = (chain: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(
      `TagRelayer contract of ${chain}: the network table's \`relayer\` (pending NFC-NFT transactions)`,
    );

/** Each chain's TagRelayer (the network table's and the tag check's `relayer`). */
export const tagRelayerSchema = z.object({
  TAG_RELAYER_GANACHE: tagRelayerAddress('the local chain (standalone sets its own)'),
  TAG_RELAYER_MAINNET: tagRelayerAddress('mainnet'),
  TAG_RELAYER_GOERLI: tagRelayerAddress('goerli'),
  TAG_RELAYER_RINKEBY: tagRelayerAddress('rinkeby'),
  TAG_RELAYER_MUMBAI: tagRelayerAddress('mumbai'),
  TAG_RELAYER_POLYGON: tagRelayerAddress('polygon'),
  TAG_RELAYER_SEPOLIA: tagRelayerAddress('sepolia'),
});

export type LibraryLocatorConfig = z.output<typeof libraryLocatorSchema>;

export type DefaultCollectionConfig = z.output<typeof defaultCollectionSchema>;

/** The default collection configured for a chain name, if any (lower-cased). */
export function defaultCollectionOf(
  config: Partial<DefaultCollectionConfig>,
  chain: string,
): string | undefined {
  const key = `DEFAULT_COLLECTION_${chain.toUpperCase()}` as keyof DefaultCollectionConfig;
  return Object.hasOwn(defaultCollectionSchema.shape, key) ? config[key] : undefined;
}

/** The library-address locator configured for a chain name, if any (lower-cased). */
export function libraryLocatorOf(config: Partial<LibraryLocatorConfig>, chain: string): string | undefined {
  const key = `LIBRARY_LOCATOR_${chain.toUpperCase()}` as keyof LibraryLocatorConfig;
  return Object.hasOwn(libraryLocatorSchema.shape, key) ? config[key] : undefined;
}

export type TagRelayerConfig = z.output<typeof tagRelayerSchema>;

/** The TagRelayer configured for a chain name, if any (lower-cased). */
export function tagRelayerOf(config: Partial<TagRelayerConfig>, chain: string): string | undefined {
  const key = `TAG_RELAYER_${chain.toUpperCase()}` as keyof TagRelayerConfig;
  return Object.hasOwn(tagRelayerSchema.shape, key) ? config[key] : undefined;
}
