import { z } from 'zod';
import { nftTemplateSchema, ADDRESS_PATTERN } from '@metatag/api-types';
import { defineEvent, defineRequest } from './define.js';

/**
 * What other services keep of the templates service's data (ARCHITECTURE "Data ownership and events",
 * issue #14 item 2): templates, which collection is attached to whom, and each chain's default
 * collection. Templates writes these events into its outbox in the transaction of the change and
 * publishes them at least once; consumers keep a projection with a version per row and ignore an
 * older version than the one they hold. Versions come from one sequence across the three tables, so
 * `changes` pages through everything changed since a version (the catch-up on start and reconnect).
 */

const chain = z.string().min(1).max(32);
const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
/** A row's version: greater for every later state of the row (one sequence, `templates.read_model_version`). */
export const readModelVersion = z.number().int().nonnegative();

/**
 * A template's whole state after a change (created, edited, new media, deleted: `item.deleted`, the
 * mint ledger's `mints`). Its `chips` and `links` are chiplinks' own numbers and may lag here.
 */
export const nftChangedEvent = z.object({ version: readModelVersion, item: nftTemplateSchema });
export type NftChangedEvent = z.infer<typeof nftChangedEvent>;

/** A collection was attached to a user (the first checked attach wins; it is never re-attached). */
export const collectionAttachedEvent = z.object({
  version: readModelVersion,
  chain,
  address,
  ownerId: z.number().int().positive(),
});
export type CollectionAttachedEvent = z.infer<typeof collectionAttachedEvent>;

/**
 * A chain's effective default collection ('' = none): registered (its row's version) or configured
 * (version 0: configuration changes only with a restart of templates, which announces it again).
 */
export const defaultCollectionChangedEvent = z.object({
  version: readModelVersion,
  chain,
  address: z.union([address, z.literal('')]),
});
export type DefaultCollectionChangedEvent = z.infer<typeof defaultCollectionChangedEvent>;

export const TEMPLATES_EVENTS = {
  nftChanged: defineEvent('templates.nft.changed', nftChangedEvent),
  collectionAttached: defineEvent('collection.attached', collectionAttachedEvent),
  defaultCollectionChanged: defineEvent(
    'templates.default-collection.changed',
    defaultCollectionChangedEvent,
  ),
} as const;

export const readModelChangesReply = z.object({
  nfts: z.array(nftChangedEvent),
  collections: z.array(collectionAttachedEvent),
  /** Every chain's effective default collection, on every page (a handful of rows). */
  defaults: z.array(defaultCollectionChangedEvent),
  /** The version to ask from next: every row changed up to it was in this page or an earlier one. */
  next: readModelVersion,
  more: z.boolean(),
});
export type ReadModelChangesReply = z.infer<typeof readModelChangesReply>;

/** The source of truth for a catch-up: what changed after `since` (0 = everything), oldest first. */
export const TEMPLATES_READ_MODEL = {
  changes: defineRequest(
    'templates.read-model.changes',
    z.object({ since: readModelVersion, limit: z.number().int().min(1).max(1000).default(500) }),
    readModelChangesReply,
  ),
} as const;
