import { z } from 'zod';
import { claimPhasesSchema } from './claim-phases.js';
import { ADDRESS_PATTERN, ETHER_AMOUNT_PATTERN, URL_PATTERN } from './validation.js';
import { redemptionSchema } from './lifecycle.js';

/** Spec sections 5 and 9: the largest upload, in bytes, and the texts around it (spelling as in the spec). */
export const MEDIA_MAX_BYTES = 100_000_000;
export const FILE_TOO_BIG = 'File size is to big';
export const INVALID_VALUE = 'Invalid value';

/** Media kinds the product shows (spec section 2): images, videos, and 3D glb files labelled '3d/glb'. */
export const GLB_MIME_TYPE = '3d/glb';

/** Who pays a free mint's gas (issue #29). Paid templates always keep the buyer's own transaction. */
export const gasPayerSchema = z.enum(['visitor', 'owner']);
export type GasPayer = z.infer<typeof gasPayerSchema>;

/**
 * A two-tap claim (issue #32 item 4): a chip's claim needs two verified taps of it, the second at least
 * `minSeconds` and at most `maxMinutes` after the first. Bounds: 2-600 s and 1-60 min, the minimum
 * shorter than the maximum.
 */
export const twoTapSchema = z
  .object({
    minSeconds: z.number().int().min(2).max(600),
    maxMinutes: z.number().int().min(1).max(60),
  })
  .strict()
  .refine((v) => v.minSeconds < v.maxMinutes * 60, INVALID_VALUE);
export type TwoTap = z.infer<typeof twoTapSchema>;

/** Resale waits: at least 10 seconds (a demo, a test), at most 30 days. */
export const RESALE_WAIT_MIN_S = 10;
export const RESALE_WAIT_MAX_S = 30 * 24 * 3600;
/**
 * Resale by the chip (issue #32 item 2): the holder of a fresh verified tap may claim the chip's token
 * held by someone else `waitSeconds` after asking, unless the owner locks it meanwhile (the spec's
 * lock stays the owner's veto). `gasPaidBy`: the claimant's wallet sends the signed transfer
 * (`visitor`), or the relayer does, paid from the template owner's relayer balance (`owner`).
 */
export const resaleSchema = z
  .object({
    waitSeconds: z.number().int().min(RESALE_WAIT_MIN_S).max(RESALE_WAIT_MAX_S),
    gasPaidBy: gasPayerSchema,
  })
  .strict();
export type Resale = z.infer<typeof resaleSchema>;

/** An NFT template as the API shows it (spec section 3, field names and spellings as in the product). */
export const nftTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Edition limit; 0 = no limit set. */
  limit: z.number().int().nonnegative(),
  /** Collection contract address; '' = the default collection. */
  collection: z.string(),
  chain: z.string(),
  /** The owning user's id. */
  owner: z.number().int(),
  /** The media path (`/nft-media/{id}`), '' when nothing was uploaded. */
  image: z.string(),
  /** Image refresh counter: bumped on every upload; the UI appends `?x=<counter>` to bust caches. */
  imageRefresh: z.number().int().nonnegative(),
  mimeType: z.string(),
  utility_url: z.string(),
  utility_url_error: z.string(),
  /**
   * Tokens minted from the template, however they were minted (chip, link, manual, child), counted by
   * the mint ledger from the chain index (`token.minted`): right within the index's lag.
   */
  mints: z.number().int().nonnegative(),
  chips: z.number().int().nonnegative(),
  links: z.number().int().nonnegative(),
  isMultiMintEnabledchip: z.boolean(),
  isMultiMintEnabledlink: z.boolean(),
  /**
   * Who pays a free mint's gas (issue #29): 'visitor' (their wallet sends the voucher) or 'owner' (the
   * relayer mints to the visitor after a verified tap, paid from the owner's relayer balance).
   */
  gasPaidBy: gasPayerSchema,
  /**
   * The public chip page shows a tap's decrypted file data, as text when printable (issue #26); its
   * owner always sees it. Absent on templates projected before it existed: not shown.
   */
  showFileData: z.boolean().optional(),
  /** A chip's claim needs two taps in this window (issue #32 item 4); null or absent: one tap is enough. */
  twoTap: twoTapSchema.nullable().optional(),
  /** Resale by the chip (issue #32 item 2); null or absent: off. */
  resale: resaleSchema.nullable().optional(),
  /** Burn to redeem (issue #32 item 5): what a token can be spent for; null or absent: nothing. */
  redemption: redemptionSchema.nullable().optional(),
  /** Claim phases (issue #32 item 3); absent or empty: claims work as before (no phases). */
  claimPhases: claimPhasesSchema.optional(),
  /** Price in ETH as a decimal string; '' = only gas is paid. */
  price: z.string(),
  payoutAddress: z.string(),
  woocomerce_item_id: z.string(),
  deleted: z.boolean(),
  created: z.string(),
  /**
   * A limited edition's father template only (#30): the child limit its father token was minted with,
   * and how many children the ledger has seen (`mints` counts the father, not its children).
   */
  childLimit: z.number().int().positive().optional(),
  children: z.number().int().nonnegative().optional(),
});
export type NftTemplate = z.infer<typeof nftTemplateSchema>;

const emptyOr = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), INVALID_VALUE);

/** Addresses are compared lower-cased (spec section 5). */
const optionalAddress = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || ADDRESS_PATTERN.test(v), INVALID_VALUE);

/** Browsers' inline editors send text; numbers are accepted too. */
const text = (max: number) => z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(max));

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The rule of each editable field (spec section 5). */
export const nftTemplateFieldRules = {
  title: text(200),
  description: text(20_000),
  limit: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/),
    ])
    .transform(Number)
    .pipe(z.number().int().min(0).max(2_147_483_647)),
  collection: optionalAddress,
  price: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(emptyOr(ETHER_AMOUNT_PATTERN)),
  payoutAddress: optionalAddress,
  utility_url: emptyOr(URL_PATTERN),
  utility_url_error: emptyOr(URL_PATTERN),
  woocomerce_item_id: text(100).transform((v) => v.trim()),
  isMultiMintEnabledchip: flag,
  isMultiMintEnabledlink: flag,
  gasPaidBy: gasPayerSchema,
  showFileData: flag,
  twoTap: twoTapSchema.nullable(),
  resale: resaleSchema.nullable(),
  redemption: redemptionSchema.nullable(),
  claimPhases: claimPhasesSchema,
} as const;

export type NftTemplateField = keyof typeof nftTemplateFieldRules;
export type NftTemplatePatch = Partial<{
  [K in NftTemplateField]: z.output<(typeof nftTemplateFieldRules)[K]>;
}>;

/** The mint flow sends these three together (spec section 4). */
const MINT_FLOW_FIELDS = ['limit', 'title', 'collection'];

/**
 * `PUT /json/{chain}/nft/{id}` sends ONE changed field, or limit + title + collection together (the mint
 * flow). Anything else, an unknown field or a value breaking its rule, is 'Invalid value'.
 */
export function parseNftTemplatePatch(body: unknown): { ok: true; patch: NftTemplatePatch } | { ok: false } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false };
  const keys = Object.keys(body);
  const mintFlow =
    keys.length > 1 &&
    keys.length <= MINT_FLOW_FIELDS.length &&
    keys.every((k) => MINT_FLOW_FIELDS.includes(k));
  if (keys.length !== 1 && !mintFlow) return { ok: false };
  const patch: Record<string, unknown> = {};
  for (const key of keys) {
    if (!Object.hasOwn(nftTemplateFieldRules, key)) return { ok: false };
    const parsed = nftTemplateFieldRules[key as NftTemplateField].safeParse(
      (body as Record<string, unknown>)[key],
    );
    if (!parsed.success) return { ok: false };
    patch[key] = parsed.data;
  }
  return { ok: true, patch: patch as NftTemplatePatch };
}

/** `POST /json/{chain}/nft?user=`: the mint flow sends an empty body. */
export const createNftBody = z.object({ collectionAddress: optionalAddress.optional() });

/** `?user=` (super admin: another user's items) and an optional collection filter. */
export const nftsQuery = z.object({
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  collection: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().regex(ADDRESS_PATTERN, 'Invalid address'))
    .optional(),
});

/** `GET /nft-media-metadata/{id}` */
export const mediaMetadataReply = z.object({ item: z.object({ mimeType: z.string() }) });

/** ERC-721 metadata JSON (`GET /metadata/{chain}/{collection}/{tokenId}`). */
export const tokenMetadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
  animation_url: z.string(),
});
export type TokenMetadata = z.infer<typeof tokenMetadataSchema>;
