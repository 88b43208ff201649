import { z } from 'zod';
import { defineRequest } from './define.js';
import { ADDRESS_PATTERN } from '@metatag/api-types';

/**
 * Each chain's default collection (spec section 5: a template's empty collection means "the
 * default"), answered by the templates service: configured (`DEFAULT_COLLECTION_<CHAIN>`, which wins)
 * or registered by the super admin (the deployer checks the contract first) or by the standalone
 * stack's first start. And where a template mints: its own collection, attached to its owner, or the
 * chain's default.
 */

const chain = z.string().min(1).max(32);
const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');

export const defaultCollectionSourceSchema = z.enum(['config', 'registered', 'none']);
export type DefaultCollectionSource = z.infer<typeof defaultCollectionSourceSchema>;

export const defaultCollectionSchema = z.object({
  chain,
  /** '' when the chain has none. */
  address: z.union([address, z.literal('')]),
  source: defaultCollectionSourceSchema,
  /** Name and symbol as registered (empty for a configured one). */
  name: z.string(),
  symbol: z.string(),
});
export type DefaultCollection = z.infer<typeof defaultCollectionSchema>;

/** Where a template mints: its own collection ('template'), the chain's default, or nowhere. */
export const mintTargetSchema = z.object({
  /** '' when the template has no collection and its chain no default. */
  address: z.union([address, z.literal('')]),
  source: z.enum(['template', 'default', 'none']),
  /**
   * Whether the relayer may mint there for this template: the default collection is shared; a
   * template's own collection must be attached to the template's owner.
   */
  attached: z.boolean(),
});
export type MintTarget = z.infer<typeof mintTargetSchema>;

/**
 * The one rule of where a template mints, for templates (its `mint-target` answer) and for a
 * projection of templates' data (chiplinks): a template's own collection, usable only while it is
 * attached to the template's owner (`collectionOwner`: the owner of that collection, undefined when
 * not attached), else the chain's default (`defaultAddress`, '' when none).
 */
export function mintTargetOf(
  template: { collection: string; ownerId: number },
  collectionOwner: number | undefined,
  defaultAddress: string,
): MintTarget {
  if (template.collection === '')
    return defaultAddress
      ? { address: defaultAddress, source: 'default', attached: true }
      : { address: '', source: 'none', attached: false };
  return { address: template.collection, source: 'template', attached: collectionOwner === template.ownerId };
}

export const DEFAULT_COLLECTIONS = {
  get: defineRequest('templates.default-collection.get', z.object({ chain }), defaultCollectionSchema),
  list: defineRequest(
    'templates.default-collection.list',
    z.object({}),
    z.object({ items: z.array(defaultCollectionSchema) }),
  ),
  /**
   * Registers a checked collection as the chain's default (the deployer checked its code; the
   * standalone start registers the one it deployed). A configured default cannot be replaced: 409.
   */
  set: defineRequest(
    'templates.default-collection.set',
    z.object({
      chain,
      address,
      name: z.string().max(200),
      symbol: z.string().max(64),
      /** The super admin who registered it; null for the standalone start. */
      userId: z.number().int().positive().nullable(),
    }),
    defaultCollectionSchema,
  ),
  /** Where a template of `ownerId` with `collection` ('' = default) mints on `chain`. */
  mintTarget: defineRequest(
    'templates.nfts.mint-target',
    z.object({ chain, collection: z.union([address, z.literal('')]), ownerId: z.number().int().positive() }),
    mintTargetSchema,
  ),
} as const;

const txData = z.object({ to: address.optional(), data: z.string().regex(/^0x[0-9a-f]*$/) });

/** Answered by the deployer: it checks a collection on chain before templates registers it. */
export const DEFAULT_COLLECTION_CHECKS = {
  /**
   * The super admin makes `address` the chain's default collection: it must be a MetaTag collection
   * on the chain's configured locator. The reply carries setMinter(relayer) transaction data when the
   * relayer is not its minter yet (for the collection owner's wallet), else null.
   */
  register: defineRequest(
    'deployer.default-collection.register',
    z.object({ chain, address, userId: z.number().int().positive() }),
    z.object({
      ok: z.literal(true),
      item: defaultCollectionSchema,
      /** The relayer's minter address ('' when unknown). */
      relayer: z.string(),
      minter: z.string(),
      setMinter: txData.nullable(),
    }),
  ),
} as const;
