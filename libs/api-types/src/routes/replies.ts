import { z } from 'zod';
import { collectionSchema, collectionTemplateSchema } from '../collections.js';
import { nftTemplateSchema, tokenMetadataSchema } from '../templates.js';
import { userSchema } from '../users.js';

/**
 * Reply schemas of the HTTP API as clients may rely on them. Extra fields pass validation (zod objects
 * strip unknown keys): the table promises the fields named here; a service may add more.
 */
const nullableString = z.string().nullable();

export const chiplinkItemReply = z.object({
  id: z.string(),
  type: z.enum(['chip', 'link']),
  nftId: z.number().int(),
  uid: z.string(),
  scans: z.number().int(),
  mints: z.number().int(),
  created: z.string(),
  tokenToMint: z.string(),
  locked: z.boolean(),
});

export const chiplinkListReply = z.object({
  ok: z.literal(true),
  items: z.array(chiplinkItemReply),
  total: z.number().int().nonnegative(),
});

export const chiplinkCreateReply = z.union([
  z.object({ ok: z.literal(true), item: chiplinkItemReply }),
  z.object({ ok: z.literal(true), items: z.array(chiplinkItemReply) }),
]);

export const scanItemReply = z.object({
  timestamp: z.string(),
  city: nullableString,
  radius: z.number().nullable(),
  country: nullableString,
  fileData: nullableString.optional(),
});
export const scansReply = z.object({ items: z.array(scanItemReply) });

export const checkTagReplySchema = z.object({
  ok: z.boolean(),
  url: nullableString,
  jwt: nullableString,
  scanToken: nullableString,
  continuation: nullableString,
  chain: nullableString,
  nftId: z.number().int().nullable(),
  pendingTransactionData: nullableString,
  pendingTransactionValue: nullableString,
  transactionDataToRelayer: nullableString,
  relayer: nullableString,
  redirectUrl: nullableString,
});

export const tokenStateReplySchema = z.object({
  tokenId: z.string(),
  owner: nullableString,
  locked: z.boolean(),
  txHash: nullableString,
});

export const lookupReplySchema = z.object({
  nft: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    image: z.string(),
    chain: z.string(),
    collection: z.string(),
  }),
  chiplink: z.object({ id: z.string(), type: z.enum(['chip', 'link']) }),
  token: tokenStateReplySchema.nullable(),
  smartContract: z.string(),
  isNfcNft: z.boolean(),
  pendingTransactionData: nullableString,
  limited: z
    .object({
      parentTokenId: nullableString,
      connected: z.boolean(),
      children: z.number().int(),
      fatherChildren: z.number().int().nullable(),
    })
    .nullable()
    .optional()
    .describe("limited editions (#18): the token's father, its tag connection and its children counted"),
});

export const mintDataReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    data: z.string(),
    tokenid: z.string(),
    value: z.string(),
    nft: z.object({ collection: z.string(), chain: z.string() }),
  }),
  z.object({ ok: z.literal(false), errorMessage: z.string() }),
]);

export const utilityTokenReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    chain: z.string(),
    nftId: z.number().int(),
    chipId: z.string(),
    tokenId: z.string(),
    iat: z.number(),
    exp: z.number(),
  }),
  z.object({ ok: z.literal(false) }),
]);

export const checkTapUrlReplySchema = z.object({
  ok: z.literal(true),
  chip: z.object({ id: z.string(), nftId: z.number().int(), deleted: z.boolean(), scheme: z.string() }),
  layout: z.string(),
  mode: z.string(),
  uid: nullableString,
  counter: z.number().nullable(),
  fileData: nullableString,
  macValid: z.boolean(),
  counterAccepted: z.boolean(),
  lastCounter: z.number(),
});

export const nonceReply = z.object({ nonce: z.string(), message: z.string() });

export const loginReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    user: z.object({ id: z.number().int(), address: z.string(), isSuperAdmin: z.boolean() }),
  }),
  z.object({ ok: z.literal(false), error: z.string(), errorMessage: z.string() }),
]);

export const failedLoginReply = z.object({
  ok: z.literal(false),
  error: z.string(),
  errorMessage: z.string(),
});

export const currentUserReply = z.object({
  id: z.number().int(),
  address: z.string(),
  isSuperAdmin: z.boolean(),
  balance: z.string(),
});

export const userReply = userSchema;
export const usersReply = z.object({ items: z.array(userReply) });
export const balanceReply = z.object({ item: z.string() });
export const ledgerReply = z.object({ items: z.array(z.object({})) });
export const valueReply = z.object({ value: z.string() });
/** The shop access token and the webhook signing secret derived from it (issue 19). */
export const shopTokenReply = z.object({ value: z.string(), secret: z.string() });

export const nftTemplateReply = nftTemplateSchema;
/** `POST /json/{chain}/nft`: the new template under `item` (the mint flow reads item.id). */
export const nftTemplateItemReply = z.object({ item: nftTemplateReply });
export const nftTemplatesReply = z.object({ items: z.array(nftTemplateReply) });
export const collectionsReply = z.object({
  items: z.array(collectionSchema),
  error: z.string().nullable(),
});
export const collectionTemplateReply = z.object({ item: collectionTemplateSchema });
export const tokenMetadataReply = tokenMetadataSchema;
export const mediaMetadataReplySchema = z.object({ item: z.object({ mimeType: z.string() }) });

/** Transaction data for the admin's browser wallet: no `to` creates a contract. */
export const txDataReply = z.object({
  ok: z.literal(true),
  evm: z.object({ to: z.string().optional(), data: z.string() }),
});

export const mintReply = z.object({ ok: z.literal(true), item: z.object({ id: z.unknown() }) });
export const mintsReply = z.object({ items: z.array(z.object({})) });
export const networksReply = z.object({ items: z.record(z.string(), z.object({})) });
export const itemReply = z.object({ ok: z.literal(true), item: z.object({}) });
export const anyObjectReply = z.object({});
export const healthReply = z.object({ ok: z.boolean() });
/** JSON-RPC 2.0 answer(s) of the chain's node. */
export const rpcReply = z.union([z.object({ jsonrpc: z.literal('2.0') }), z.array(z.object({}))]);
