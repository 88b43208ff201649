import { z } from 'zod';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';

/**
 * The search fan-out (issue #20): the gateway asks each owning service for its part of a query and
 * merges the answers. Each service decides what its caller may see: public things for everyone,
 * templates and collections only for their owner.
 */
export const searchRequest = z.object({
  query: z.string().trim().min(1).max(100),
  /** The signed-in user, when there is one: owners also find their own templates and collections. */
  actor: actorSchema.nullable().default(null),
  limit: z.number().int().min(1).max(50).default(8),
});

/** 0..1, higher is better: the gateway orders groups by their best hit. */
const score = z.number();

export const templateHitSchema = z.object({
  id: z.number().int(),
  chain: z.string(),
  title: z.string(),
  description: z.string(),
  collection: z.string(),
  score,
});
export const collectionHitSchema = z.object({
  chain: z.string(),
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  score,
});
export const tokenHitSchema = z.object({
  chain: z.string(),
  collection: z.string(),
  tokenId: z.string(),
  nftId: z.number().int(),
  score,
});
export const transactionHitSchema = z.object({
  chain: z.string(),
  hash: z.string(),
  /** What the transaction made: a collection deployment (its address) here. */
  what: z.string(),
  score,
});
export const templatesSearchReply = z.object({
  templates: z.array(templateHitSchema),
  collections: z.array(collectionHitSchema),
  tokens: z.array(tokenHitSchema),
  transactions: z.array(transactionHitSchema),
});

export const chiplinkHitSchema = z.object({
  id: z.string(),
  type: z.enum(['chip', 'link']),
  /** Which field matched (the token: the chip or link whose token it is); the uid itself is never returned. */
  matched: z.enum(['id', 'uid', 'token', 'owner', 'transaction']),
  /** `owner` and `transaction` hits: the token (chain index) whose chip or link page this is. */
  tokenId: z.string().optional(),
  score,
});
export const chiplinksSearchReply = z.object({ chiplinks: z.array(chiplinkHitSchema) });

export type TemplatesSearchReply = z.infer<typeof templatesSearchReply>;
export type ChiplinksSearchReply = z.infer<typeof chiplinksSearchReply>;

export const SEARCH = {
  templates: defineRequest('templates.search', searchRequest, templatesSearchReply),
  chiplinks: defineRequest('chiplinks.search', searchRequest, chiplinksSearchReply),
};
