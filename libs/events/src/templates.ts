import { z } from 'zod';
import {
  collectionSchema,
  collectionTemplateSchema,
  ledgerMintSchema,
  MINT_SOURCES,
  MINTS_MAX_PAGE_SIZE,
  mintCountsSchema,
  mintsOverviewSchema,
  nftTemplateSchema,
  ADDRESS_PATTERN,
  daySchema,
  deadlineSchema,
  uint256Schema,
} from '@metatag/api-types';
import { okReply } from './common.js';
import { defineRequest } from './define.js';

/** Who asks: the gateway passes the signed-in user; the service decides what that user may touch. */
export const actorSchema = z.object({ id: z.number().int().positive(), isSuperAdmin: z.boolean() });
export type Actor = z.infer<typeof actorSchema>;

const chain = z.string().min(1).max(32);
const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
/** Template ids are integers; the relayer's events carry them as decimal strings. */
const templateId = z.coerce.number().int().positive().max(2_147_483_647);

export const listCollectionsRequest = z.object({ chain, userId: z.number().int().positive() });
export const getCollectionRequest = z.object({ chain, address, actor: actorSchema.optional() });
export const attachCollectionRequest = z.object({
  chain,
  userId: z.number().int().positive(),
  deployedAddress: address,
  name: z.string().max(200),
  symbol: z.string().max(64),
  txHash: z.string().regex(/^0x[0-9a-f]{64}$/),
});

export const listNftsRequest = z.object({
  actor: actorSchema,
  chain,
  userId: z.number().int().positive(),
  collection: address.optional(),
});
/** Without an actor (service-to-service, e.g. the relayer preparing a mint) any template is returned. */
export const getNftRequest = z.object({
  chain: chain.optional(),
  id: templateId,
  actor: actorSchema.optional(),
});
export const createNftRequest = z.object({
  actor: actorSchema,
  chain,
  userId: z.number().int().positive(),
  collectionAddress: z.string().max(64).default(''),
});
/** `patch` is validated by the service with the API's rules (libs/api-types `nftTemplatePatchSchema`). */
export const updateNftRequest = z.object({
  actor: actorSchema,
  chain,
  id: templateId,
  patch: z.unknown(),
});
/**
 * The embed button's `complete` (issue #28): the gateway verified the ticket and the chain's mint; the
 * templates service writes `description` and spends `ticket.id` in one transaction (409 once spent).
 */
export const completeMintTicketRequest = z.object({
  actor: actorSchema,
  chain,
  id: templateId,
  ticket: z.object({ id: z.string().min(1).max(64), expiresAt: z.coerce.date() }),
  description: z.string().max(2000),
});
export const setNftMediaRequest = z.object({
  actor: actorSchema,
  chain,
  id: templateId,
  /** Storage key of the new object; the gateway streamed the bytes there. */
  key: z.string().min(1).max(300),
  size: z.number().int().nonnegative(),
  mimeType: z.string().min(1).max(100),
});
export const setNftMediaReply = z.object({
  item: nftTemplateSchema,
  /** The object the template pointed at before: the gateway deletes it from storage. */
  replacedKey: z.string().nullable(),
});
export type SetNftMediaReply = z.infer<typeof setNftMediaReply>;

export const deleteNftRequest = z.object({ actor: actorSchema, chain, id: templateId });

/** Public: what `/nft-media/{id}` needs to stream the bytes. */
export const getMediaRequest = z.object({ id: templateId });
export const mediaInfoSchema = z.object({
  key: z.string(),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
  refresh: z.number().int().nonnegative(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;

/**
 * Who holds a place under a template's limit (#31 item 3): a chip's or link's voucher (one per chip or
 * link: asking again replaces its hold) or a relayer mint record.
 */
export const placeHolder = z.string().regex(/^(chiplink|mint):\S{1,64}$/, 'Invalid place holder');
/** The holders' names, built here once for chiplinks, the relayer and templates. */
export const placeHolders = {
  chiplink: (chiplinkId: string) => `chiplink:${chiplinkId}`,
  mint: (mintId: string) => `mint:${mintId}`,
} as const;

/** Records which template a token of a collection was minted from (idempotent). */
export const recordTokenRequest = z.object({
  chain,
  collection: address,
  tokenId: uint256Schema,
  nftId: templateId,
  /** What the voucher was issued for (#30, the mints list's source): a chip's or a link's. */
  source: z.enum(['chip', 'link']).optional(),
  /**
   * The place the voucher holds under its template's limit until its deadline (unix seconds; #31
   * item 3): templates counts it with the ledger's mints. Absent in events from before.
   */
  place: z.object({ holder: placeHolder, until: deadlineSchema }).optional(),
});

/**
 * Takes a place under the template's limit, atomically with the count (two callers racing for the
 * last place: one gets it). The holder's own earlier place is replaced, not added to. `until` (unix
 * seconds) bounds the hold; a token names what the ledger will count when it is minted.
 */
export const takePlaceRequest = z.object({
  nftId: templateId,
  holder: placeHolder,
  chain,
  token: z.object({ collection: address, tokenId: uint256Schema }).optional(),
  until: deadlineSchema,
});
/** `taken`: places taken before this one (the ledger's mints and the holds of others). */
export const takePlaceReply = z.object({
  ok: z.boolean(),
  taken: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export const placesTakenRequest = z.object({ nftId: templateId, exceptHolder: placeHolder.optional() });
export const placesTakenReply = z.object({
  taken: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export const releasePlaceRequest = z.object({ nftId: templateId, holder: placeHolder });
export const tokenMetadataRequest = z.object({ chain, collection: address, tokenId: uint256Schema });
/** The template fields token metadata is built from; the gateway adds absolute URLs. */
export const tokenTemplateSchema = z.object({
  nftId: z.number().int(),
  title: z.string(),
  description: z.string(),
  mimeType: z.string(),
  hasMedia: z.boolean(),
  refresh: z.number().int(),
});
export type TokenTemplate = z.infer<typeof tokenTemplateSchema>;

export const getCollectionTemplateRequest = z.object({ chain, address, actor: actorSchema.optional() });
/** `template` is validated by the service with libs/api-types `collectionTemplatePatchSchema`. */
export const putCollectionTemplateRequest = z.object({
  chain,
  address,
  actor: actorSchema,
  template: z.record(z.string(), z.unknown()),
});

export const collectionsReply = z.object({ items: z.array(collectionSchema) });
export const collectionReply = z.object({ item: collectionSchema });
export const attachCollectionReply = z.object({ ok: z.literal(true), item: collectionSchema });
export const nftTemplatesReply = z.object({ items: z.array(nftTemplateSchema) });
export const nftTemplateReply = z.object({
  item: nftTemplateSchema,
  /** The row's read-model version (templates-read-model.ts): a caller keeping a projection stores it. */
  version: z.number().int().nonnegative().optional(),
});
export const collectionTemplateReply = z.object({ item: collectionTemplateSchema });

/**
 * Request/reply messages answered by the templates service: collections per user, NFT templates,
 * media metadata, the token → template mapping behind token metadata, and collection templates.
 */
/**
 * A page of a template's mints from the mint ledger (#30), newest first: every Transfer from zero of a
 * token that maps to the template, however it was minted; `total` and `bySource` count all of them.
 */
export const listLedgerMintsRequest = z.object({
  actor: actorSchema,
  chain,
  nftId: templateId,
  source: z.enum(MINT_SOURCES).optional(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive().max(MINTS_MAX_PAGE_SIZE),
});
export const listLedgerMintsReply = z.object({
  items: z.array(ledgerMintSchema),
  total: z.number().int().nonnegative(),
  bySource: mintCountsSchema,
});
export type ListLedgerMintsReply = z.infer<typeof listLedgerMintsReply>;

/** The actor's own mints across all their live templates of a chain (#30, the owner overview). */
export const mintsOverviewRequest = z.object({
  actor: actorSchema,
  chain,
  days: z.number().int().positive().max(31),
  recent: z.number().int().nonnegative().max(50),
});

/**
 * Templates' mints per UTC day (#30, the analytics pages' "Mints"): one template or a collection's, from
 * the same ledger as the mints list; every template must be the actor's (or the actor a super admin).
 */
export const templateMintsPerDayRequest = z.object({
  actor: actorSchema,
  nftIds: z.array(templateId).max(1000),
  /** Inclusive UTC days (the scan analytics' range: the gateway passes what chiplinks answered). */
  from: daySchema,
  to: daySchema,
});
export const templateMintsPerDayReply = z.object({
  total: z.number().int().nonnegative(),
  /** Every day of the range, zero-filled, oldest first. */
  perDay: z.array(z.object({ day: daySchema, mints: z.number().int().nonnegative() })),
});
export type TemplateMintsPerDayReply = z.infer<typeof templateMintsPerDayReply>;

export const TEMPLATES = {
  mintsPerDay: defineRequest('templates.mints.per-day', templateMintsPerDayRequest, templateMintsPerDayReply),
  listLedgerMints: defineRequest('templates.mints.list', listLedgerMintsRequest, listLedgerMintsReply),
  mintsOverview: defineRequest('templates.mints.overview', mintsOverviewRequest, mintsOverviewSchema),
  listCollections: defineRequest('templates.collections.list', listCollectionsRequest, collectionsReply),
  getCollection: defineRequest('templates.collections.get', getCollectionRequest, collectionReply),
  attachCollection: defineRequest(
    'templates.collections.attach',
    attachCollectionRequest,
    attachCollectionReply,
  ),
  listNfts: defineRequest('templates.nfts.list', listNftsRequest, nftTemplatesReply),
  getNft: defineRequest('templates.nfts.get', getNftRequest, nftTemplateReply),
  createNft: defineRequest('templates.nfts.create', createNftRequest, nftTemplateReply),
  /** Answers the template itself, not `{item}`. */
  updateNft: defineRequest('templates.nfts.update', updateNftRequest, nftTemplateSchema),
  /** Answers the template itself, as `updateNft`. */
  completeMintTicket: defineRequest(
    'templates.nfts.complete-mint-ticket',
    completeMintTicketRequest,
    nftTemplateSchema,
  ),
  setNftMedia: defineRequest('templates.nfts.set-media', setNftMediaRequest, setNftMediaReply),
  deleteNft: defineRequest('templates.nfts.delete', deleteNftRequest, okReply),
  getMedia: defineRequest('templates.media.get', getMediaRequest, mediaInfoSchema),
  recordToken: defineRequest('templates.tokens.record', recordTokenRequest, okReply),
  /** The one place a template's limit is counted (#31 item 3): its ledger's mints and the holds out. */
  takePlace: defineRequest('templates.places.take', takePlaceRequest, takePlaceReply),
  placesTaken: defineRequest('templates.places.count', placesTakenRequest, placesTakenReply),
  releasePlace: defineRequest('templates.places.release', releasePlaceRequest, okReply),
  tokenMetadata: defineRequest('templates.tokens.metadata', tokenMetadataRequest, tokenTemplateSchema),
  getCollectionTemplate: defineRequest(
    'templates.collection-template.get',
    getCollectionTemplateRequest,
    collectionTemplateReply,
  ),
  putCollectionTemplate: defineRequest(
    'templates.collection-template.put',
    putCollectionTemplateRequest,
    collectionTemplateReply,
  ),
} as const;
