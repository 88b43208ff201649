import { z } from 'zod';
import { collectionSchema, collectionTemplateSchema } from '../collections.js';
import { nftTemplateSchema, tokenMetadataSchema } from '../templates.js';
import { userSchema } from '../users.js';

/**
 * Reply schemas of the HTTP API as clients may rely on them. Objects are loose (extra fields pass):
 * the table promises the fields named here, and a service may add more without breaking a client.
 */
const nullableString = z.string().nullable();

export const chiplinkItemReply = z.looseObject({
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

export const chiplinkListReply = z.looseObject({
  ok: z.literal(true),
  items: z.array(chiplinkItemReply),
  total: z.number().int().nonnegative(),
});

export const chiplinkCreateReply = z.union([
  z.looseObject({ ok: z.literal(true), item: chiplinkItemReply }),
  z.looseObject({ ok: z.literal(true), items: z.array(chiplinkItemReply) }),
]);

export const scanItemReply = z.looseObject({
  timestamp: z.string(),
  city: nullableString,
  radius: z.number().nullable(),
  country: nullableString,
  fileData: nullableString.optional(),
});
export const scansReply = z.looseObject({ items: z.array(scanItemReply) });

export const checkTagReplySchema = z.looseObject({
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

export const tokenStateReplySchema = z.looseObject({
  tokenId: z.string(),
  owner: nullableString,
  locked: z.boolean(),
  txHash: nullableString,
});

export const lookupReplySchema = z.looseObject({
  nft: z.looseObject({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    image: z.string(),
    chain: z.string(),
    collection: z.string(),
  }),
  chiplink: z.looseObject({ id: z.string(), type: z.enum(['chip', 'link']) }),
  token: tokenStateReplySchema.nullable(),
  smartContract: z.string(),
  isNfcNft: z.boolean(),
  pendingTransactionData: nullableString,
});

export const mintDataReplySchema = z.union([
  z.looseObject({
    ok: z.literal(true),
    data: z.string(),
    tokenid: z.string(),
    value: z.string(),
    nft: z.looseObject({ collection: z.string(), chain: z.string() }),
  }),
  z.looseObject({ ok: z.literal(false), errorMessage: z.string() }),
]);

export const utilityTokenReplySchema = z.union([
  z.looseObject({
    ok: z.literal(true),
    chain: z.string(),
    nftId: z.number().int(),
    chipId: z.string(),
    tokenId: z.string(),
    iat: z.number(),
    exp: z.number(),
  }),
  z.looseObject({ ok: z.literal(false) }),
]);

export const checkTapUrlReplySchema = z.looseObject({
  ok: z.literal(true),
  chip: z.looseObject({ id: z.string(), nftId: z.number().int() }),
  layout: z.string(),
  mode: z.string(),
  uid: nullableString,
  counter: z.number().nullable(),
  macValid: z.boolean(),
  counterAccepted: z.boolean(),
});

export const nonceReply = z.looseObject({ nonce: z.string(), message: z.string() });

export const loginReplySchema = z.union([
  z.looseObject({
    ok: z.literal(true),
    user: z.looseObject({ id: z.number().int(), address: z.string(), isSuperAdmin: z.boolean() }),
  }),
  z.looseObject({ ok: z.literal(false), error: z.string(), errorMessage: z.string() }),
]);

export const failedLoginReply = z.looseObject({
  ok: z.literal(false),
  error: z.string(),
  errorMessage: z.string(),
});

export const currentUserReply = z.looseObject({
  id: z.number().int(),
  address: z.string(),
  isSuperAdmin: z.boolean(),
  balance: z.string(),
});

export const userReply = userSchema.loose();
export const usersReply = z.looseObject({ items: z.array(userReply) });
export const balanceReply = z.looseObject({ item: z.string() });
export const ledgerReply = z.looseObject({ items: z.array(z.looseObject({})) });
export const valueReply = z.looseObject({ value: z.string() });

export const nftTemplateReply = nftTemplateSchema.loose();
/** `POST /json/{chain}/nft`: the new template under `item` (the mint flow reads item.id). */
export const nftTemplateItemReply = z.looseObject({ item: nftTemplateReply });
export const nftTemplatesReply = z.looseObject({ items: z.array(nftTemplateReply) });
export const collectionsReply = z.looseObject({
  items: z.array(collectionSchema.loose()),
  error: z.string().nullable(),
});
export const collectionTemplateReply = z.looseObject({ item: collectionTemplateSchema.loose() });
export const tokenMetadataReply = tokenMetadataSchema.loose();
export const mediaMetadataReplySchema = z.looseObject({ item: z.looseObject({ mimeType: z.string() }) });

/** Transaction data for the admin's browser wallet: no `to` creates a contract. */
export const txDataReply = z.looseObject({
  ok: z.literal(true),
  evm: z.looseObject({ to: z.string().optional(), data: z.string() }),
});

export const mintReply = z.looseObject({ ok: z.literal(true), item: z.looseObject({ id: z.unknown() }) });
export const mintsReply = z.looseObject({ items: z.array(z.looseObject({})) });
export const networksReply = z.looseObject({ items: z.record(z.string(), z.looseObject({})) });
export const itemReply = z.looseObject({ ok: z.literal(true), item: z.looseObject({}) });
export const anyObjectReply = z.looseObject({});
export const healthReply = z.looseObject({ ok: z.boolean() });
/** JSON-RPC 2.0 answer(s) of the chain's node. */
export const rpcReply = z.union([z.looseObject({ jsonrpc: z.literal('2.0') }), z.array(z.looseObject({}))]);
