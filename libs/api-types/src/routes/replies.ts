import { z } from 'zod';
import {
  MINT_REFUSALS,
  type CheckTagReply,
  type ChiplinkLookupReply,
  type GaslessClaimReply,
  type MintDataReply,
} from '../chiplinks.js';
import { collectionSchema, collectionTemplateSchema } from '../collections.js';
import { MINT_SOURCES, mintCountsSchema } from '../mints.js';
import { nftTemplateSchema, resaleSchema, tokenMetadataSchema, twoTapSchema } from '../templates.js';
import { chiplinkLifecycleSchema } from '../lifecycle.js';
import { publicClaimPhaseSchema } from '../claim-phases.js';
import { userSchema } from '../users.js';
import { ADDRESS_PATTERN, LOWER_HEX_PATTERN, TX_HASH_PATTERN } from '../patterns.js';
import { signedWeiSchema, uint256Schema } from '../validation.js';

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
  deleted: z.boolean(),
  tokenToMint: z.string(),
  locked: z.boolean(),
  tamper: nullableString
    .optional()
    .describe("chips: the TagTamper letters of the latest tap that mirrored them ('OO' open, 'OC' opened)"),
  fileData: nullableString
    .optional()
    .describe('chips: the decrypted file data (hex) of the latest tap that carried any'),
  counterJumps: z
    .number()
    .int()
    .optional()
    .describe("chips: accepted taps whose counter jumped more than the batch's threshold"),
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
  tamper: nullableString.optional(),
  counterJump: z.boolean().optional(),
  serial: nullableString
    .optional()
    .describe('the GS1 Digital Link serial (AI 21) of the batch URL the tap came through'),
});
export const scansReply = z.object({ items: z.array(scanItemReply) });

export const checkTagReplySchema = z.object({
  ok: z.boolean(),
  fileData: nullableString,
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
  tamper: nullableString.describe(
    "TagTamper status letters a TT chip mirrored, permanent then current: 'CC' sealed, 'OC' opened before, 'OO' open",
  ),
}) satisfies z.ZodType<CheckTagReply>;

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
    imageRefresh: z.number().int(),
    mimeType: z.string(),
    chain: z.string(),
    collection: z.string(),
    limit: z.number().int(),
    mints: z.number().int(),
    price: z.string(),
    payoutAddress: z.string(),
    isMultiMintEnabledchip: z.boolean(),
    isMultiMintEnabledlink: z.boolean(),
    gasPaidBy: z.enum(['visitor', 'owner']),
    showFileData: z.boolean().describe("the page shows a tap's decrypted file data"),
    twoTap: twoTapSchema
      .nullable()
      .describe('a chip claims only with two taps this far apart (#32), null: one tap is enough'),
    resale: resaleSchema
      .nullable()
      .describe(
        "resale by the chip (#32): a fresh tap claims the owner's token after waitSeconds; null: off",
      ),
    redemption: z
      .object({
        kind: z.enum(['good', 'discount', 'token']),
        description: z.string(),
        mode: z.enum(['burn', 'lock']),
      })
      .nullable()
      .optional()
      .describe('burn to redeem (#32): what the token can be spent for, null: nothing'),
    claimPhases: z
      .array(publicClaimPhaseSchema)
      .describe('claim phases (#32): window, price, per-wallet cap, whether an allowlist applies'),
    created: z.string(),
  }),
  chiplink: z.object({
    id: z.string(),
    type: z.enum(['chip', 'link']),
    /** Links only: a chip's UID is never shown. */
    uid: nullableString,
    scans: z.number().int(),
    mints: z.number().int(),
    tokenToMint: z.string(),
    locked: z.boolean(),
    created: z.string(),
  }),
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
  lifecycle: chiplinkLifecycleSchema
    .nullable()
    .optional()
    .describe('recovery and redemption (#32): the recovery switch, every recovery, the redemption'),
}) satisfies z.ZodType<ChiplinkLookupReply>;

export const mintDataReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    data: z.string(),
    tokenid: z.string(),
    value: z.string(),
    nft: z.object({ collection: z.string(), chain: z.string() }),
  }),
  z.object({
    ok: z.literal(false),
    errorMessage: z.string(),
    reason: z
      .enum(MINT_REFUSALS)
      .optional()
      .describe(
        'sold_out, already_minted, tap_expired or insufficient_funds (#30); a two-tap template (#32): ' +
          'second_tap_needed, second_tap_too_soon or second_tap_too_late; a phased template (#32): ' +
          'phase_not_started, phase_ended, not_allowlisted or wallet_cap_reached',
      ),
  }),
]) satisfies z.ZodType<MintDataReply>;

export const gaslessClaimReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    tokenid: z.string(),
    mintId: z.string(),
    status: z.enum(['queued', 'sent', 'confirmed', 'failed']),
    tx: z.string().nullable(),
    nft: z.object({ collection: z.string(), chain: z.string() }),
  }),
  z.object({
    ok: z.literal(false),
    errorMessage: z.string(),
    reason: z.enum(MINT_REFUSALS).optional().describe("a two-tap template's refusal (#32)"),
  }),
]) satisfies z.ZodType<GaslessClaimReply>;

export const utilityTokenReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    chain: z.string(),
    nftId: z.number().int(),
    chipId: z.string(),
    tokenId: z.string(),
    iat: z.number(),
    exp: z.number(),
    tamper: nullableString.describe('TagTamper letters of the tap, signed into the token'),
    fileData: nullableString.describe("the tap's decrypted file data (hex), signed into the token"),
  }),
  z.object({ ok: z.literal(false) }),
]);

export const checkTapUrlReplySchema = z.object({
  ok: z.literal(true),
  chip: z
    .object({ id: z.string(), nftId: z.number().int(), deleted: z.boolean(), scheme: z.string() })
    .nullable(),
  batch: z.object({ id: z.string(), name: z.string(), mode: z.string() }).nullable(),
  layout: z.string(),
  mode: z.string(),
  uid: nullableString,
  counter: z.number().nullable(),
  fileData: nullableString,
  tamper: nullableString,
  macValid: z.boolean(),
  counterAccepted: z.boolean(),
  lastCounter: z.number(),
  fault: nullableString.describe(
    'the part that fails: not-in-form, wrong-mode, picc, mac-offset, mac, unknown-uid, other-chip, inactive, counter-behind; null when the tap would be accepted now',
  ),
  problem: nullableString,
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

/** `GET /json/user`: the signed-in user; balance = relayer credit (wei) on the first chain. */
export const currentUserReply = userSchema;

export const userReply = userSchema;
export const usersReply = z.object({ items: z.array(userReply) });
export const balanceReply = z.object({ item: z.string() });
/** The kinds of a relayer ledger entry. */
export const LEDGER_KINDS = ['credit', 'reservation', 'settlement', 'release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/**
 * One entry of an account's relayer ledger on one chain, for the route and the relayer's message
 * (libs/events `ledgerEntrySchema` is this schema). `amount` is signed wei; `balance` is the sum of
 * every entry up to this one. A credit comes from the super admin; a reservation holds the worst-case
 * fee of a transaction before it is queued; when the transaction ends the hold is released and the
 * real fee (receipt gasUsed × effectiveGasPrice) is settled.
 */
export const ledgerEntryReply = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: signedWeiSchema.describe('signed wei'),
  balance: signedWeiSchema.describe('signed wei, the running balance'),
  reference: nullableString.describe(
    "the transaction's idempotency key (e.g. `mint-<id>`); null for a credit",
  ),
  txHash: z.string().regex(TX_HASH_PATTERN).nullable(),
  gasUsed: uint256Schema.nullable(),
  effectiveGasPrice: uint256Schema.nullable(),
  note: nullableString,
  actorId: z
    .number()
    .int()
    .nullable()
    .describe("who made a credit (the super admin's user id); null for the relayer's own entries"),
  created: z.string(),
});
export const ledgerReply = z.object({
  item: z.string().describe('the balance (wei)'),
  held: z.string().describe('the part held for transactions still out (wei)'),
  items: z.array(ledgerEntryReply),
  next: nullableString,
});
/** `POST /is_i_owner`: the utility URL for an owner; otherwise an error flag, message and utility_url_error. */
export const isIOwnerReply = z.object({ error: z.boolean(), errorMessage: z.string(), url: z.string() });
/** `GET /json/email-nft`: the buyer's email, rendered. */
export const emailPreviewReply = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  transport: z.enum(['smtp', 'files']),
});
/** `GET /json/mail`: the emails kept on disk (newest first). */
export const keptMailReply = z.object({
  transport: z.enum(['smtp', 'files']),
  items: z.array(z.object({ name: z.string(), at: z.string(), size: z.number() })),
});
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
/** Transaction data for a browser wallet (no `to` creates a contract); libs/events' deployer replies are these. */
export const txDataReply = z.object({
  ok: z.literal(true),
  evm: z.object({
    to: z.string().regex(ADDRESS_PATTERN, 'Invalid address').optional(),
    data: z.string().regex(LOWER_HEX_PATTERN),
  }),
});

/** A mint as the mints list shows it (spec section 3: tokenId, to, created, status, tx). */
export const mintListItemReply = z.object({
  tokenId: z.string(),
  to: z.string(),
  created: z.string(),
  status: z.enum(['queued', 'sent', 'confirmed', 'failed']),
  tx: nullableString,
});
/** `POST /json/{chain}/mint`: the relayer's new mint record. */
export const mintReply = z.object({
  ok: z.literal(true),
  item: mintListItemReply.extend({ id: z.string(), nftId: z.string(), chain: z.string() }),
});
/**
 * `GET /json/{chain}/mints/{nftId}` (#30): the spec's items (tokenId, to, created, status, tx) from the
 * mint ledger, each with how it was minted, the sender, collection, block and current owner; the first
 * page leads with the relayer's manual mints not on chain yet (`pending` of them; not in `total`).
 */
export const mintsReply = z.object({
  items: z.array(
    mintListItemReply.extend({
      source: z.enum(MINT_SOURCES),
      sender: z.enum(['wallet', 'relayer', 'father owner', '']),
      collection: nullableString,
      /** The block number; null for a pending manual mint (or a mint stored before #30). */
      block: nullableString,
      owner: nullableString,
    }),
  ),
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  bySource: mintCountsSchema,
});
export type MintsReply = z.infer<typeof mintsReply>;
/** `GET /json/shop/deliveries`: the shop webhook's delivery log, newest first. */
export const shopDeliveriesReply = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      orderId: z.string(),
      outcome: z.string(),
      matched: z.number().int(),
      linksCreated: z.number().int(),
      detail: z.string(),
    }),
  ),
});
const hex = z.templateLiteral(['0x', z.string()]);
/** A network table row (libs/contracts `NetworkEntry`, restated: this package stays a leaf) and more. */
export const networkEntryReply = z.object({
  tx_explorer: z.string(),
  address_explorer: z.string(),
  library_address_locator: z.union([hex, z.literal('')]),
  token_explorer: z.string(),
  token_explorer_opensea: z.string(),
  token_explorer_opensea_user: z.string(),
  /** The chain's TagRelayer contract ('' when none). */
  relayer: z.union([hex, z.literal('')]),
  /** The JSON-RPC URL of the chain (our proxy). */
  address: z.string(),
  chainId: z.number().int(),
  chainIdHex: hex,
  /** The address the relayer mints with ('' when unknown). */
  minter: z.string(),
  /** Where templates without a collection mint ('' when the chain has none). */
  defaultCollection: z.string(),
  defaultCollectionSource: z.enum(['config', 'registered', 'none']),
});
/** `GET /json/networks`: chain name → its network table row. */
export const networksReply = z.object({ items: z.record(z.string(), networkEntryReply) });
export const itemReply = z.object({ ok: z.literal(true), item: z.object({}) });

/** `GET /json/{chain}/contracts/{address}`: every field the contract answers, null where it does not. */
export const contractFieldsReply = z.object({
  ok: z.literal(true),
  item: z.object({
    address: z.string(),
    kind: z.enum(['collection', 'locator', 'nftCode', 'tagRelayer', 'unknown']),
    name: nullableString,
    symbol: nullableString,
    base: nullableString,
    owner: nullableString,
    minter: nullableString,
    libraryVersion: nullableString,
    totalSupply: nullableString,
    proxyAdmin: nullableString,
    libraryAddressLocator: nullableString,
    implementation: nullableString,
    authorizer: nullableString,
  }),
});

/** `POST /json/{chain}/attach-collection-to-user`: the record, and the transactions finishing its setup. */
export const attachCollectionReply = z.object({
  ok: z.literal(true),
  item: collectionSchema,
  /** Transaction data pointing the collection's tokenURI base at our metadata endpoint. */
  setBase: txDataReply.shape.evm,
  /** The relayer's minter address ('' when unknown). */
  relayer: z.string(),
  /** setMinter(the relayer); null when it already is the minter, or when its address is unknown. */
  setMinter: txDataReply.shape.evm.nullable(),
});

/** `POST /json/{chain}/default-collection`: the chain's default collection as now registered. */
export const registerDefaultCollectionReply = z.object({
  ok: z.literal(true),
  item: z.object({
    chain: z.string(),
    address: z.string().describe("'' when the chain has none"),
    source: z.enum(['config', 'registered', 'none']),
    name: z.string(),
    symbol: z.string(),
  }),
  relayer: z.string(),
  minter: z.string(),
  setMinter: txDataReply.shape.evm.nullable(),
});
export const anyObjectReply = z.object({});
export const healthReply = z.object({ ok: z.boolean() });
/** JSON-RPC 2.0 answer(s) of the chain's node. */
export const rpcReply = z.union([z.object({ jsonrpc: z.literal('2.0') }), z.array(z.object({}))]);
