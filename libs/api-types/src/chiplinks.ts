import { z } from 'zod';
import type { Resale, TwoTap } from './templates.js';
import type { ChiplinkLifecycle, PublicRedemption } from './lifecycle.js';
import type { PublicClaimPhase } from './claim-phases.js';
import { SIGNATURE_PATTERN, addressSchema } from './validation.js';

/** Spec sections 2 and 9: the chips and links tables show the first 30 rows; above that links.csv is offered. */
export const CHIPLINKS_PAGE_SIZE = 30;
/** The most QR links one batch creates. */
export const MAX_LINK_BATCH = 10_000;
export const CHIPLINKS_CSV_NAME = 'links.csv';

/** Spec section 8 texts. */
export const NOT_AUTHENTIC = 'Not Authentic';
export const ONLY_OWNER_CAN_LOCK = 'Only owner can lock/unlock';
export const CANNOT_MINT = 'cannot mint';
/**
 * Issue #28: a link is a bearer claim bound to the first wallet it was claimed for (its first mint
 * voucher); another wallet presenting it is refused with this.
 */
export const LINK_CLAIMED_BY_ANOTHER =
  'This link has already been claimed by another wallet. Only that wallet can complete the claim.';
/** A shop order's claim link claimed by email to another address than the order's (#28 item 2). */
export const ORDER_EMAIL_ONLY =
  "This link belongs to a shop order: it can be claimed by email only with the order's email address.";

export const chiplinkTypeParam = z.enum(['chip', 'link']);
export type ChiplinkKind = z.infer<typeof chiplinkTypeParam>;

/** A chip's 7-byte UID as 14 hex digits (separators such as ':' or spaces are dropped, compared upper-case). */
export const chipUidSchema = z
  .string({ error: 'Chip id is required' })
  .transform((v) => v.replace(/[\s:-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{14}$/, 'Chip id must be the 7-byte UID in hex (14 digits)'));

/** `GET|POST|DELETE /json/qrlink/...?user=&batch=` */
export const qrlinkQuery = z.object({
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Spec section 5: a negative batch count cancels; the server refuses it (and 0, and above 10,000). */
  batch: z.coerce
    .number({ error: 'batch must be a number' })
    .int('batch must be a whole number')
    .min(1, 'batch must be at least 1')
    .max(MAX_LINK_BATCH, `batch must be at most ${MAX_LINK_BATCH}`)
    .optional(),
});

const hexKey = z.string().regex(/^[0-9a-fA-F]{32}$/, 'a key is 32 hex digits');

/** How a chip's SDM keys come about (`@metatag/chips` KEY_SCHEMES; see libs/chips/README.md). */
export const CHIP_KEY_SCHEMES = [
  'an10922',
  'legacy',
  'imported',
  'sdm-backend',
  'sdm-backend-legacy',
] as const;
export const chipKeySchemeSchema = z.enum(CHIP_KEY_SCHEMES, {
  error: `scheme must be one of ${CHIP_KEY_SCHEMES.join(', ')}`,
});

/** `POST /json/qrlink/{type}/{nftId}`: chips need the UID; links need nothing. */
export const createChiplinkBody = z.object({
  uid: z.string().max(64).optional(),
  /** A chip's public id when its URL was programmed before provisioning. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9]{6,32}$/, 'id must be 6-32 letters or digits')
    .optional(),
  /** Default: `imported` with keys, else `an10922` (diversified from CHIP_MASTER_KEY). */
  scheme: chipKeySchemeSchema.optional(),
  /** Per-chip SDM keys to import instead of diversifying them from the master key. */
  keys: z.object({ metaReadKey: hexKey, fileReadKey: hexKey }).optional(),
  /** `sdm-backend` schemes: the fleet's master key (16 or 32 bytes); used once, never stored. */
  masterKey: z
    .string()
    .regex(/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/, 'masterKey is 32 or 64 hex digits')
    .optional(),
});

/** The longest query string of a tap (an NTAG 424 DNA's NDEF file holds 256 bytes). */
export const MAX_TAP_QUERY = 1024;
const sunParam = z
  .string()
  .trim()
  .max(MAX_TAP_QUERY)
  .regex(/^[^&=#?\s]*$/, 'a SUN parameter is hex digits');

/**
 * `POST /json/check-tag`: the chip id and its tap, as one of
 * - `query`: the exact query string the page was opened with (needed when the MAC covers file data:
 *   the chip MACs the URL text itself);
 * - the layout's parameters: `auth`, `e`, `picc_data` + `enc` + `cmac`, or `uid` + `ctr` + `cmac`
 *   (put back in the chip's order: `picc_data`, `enc`, `cmac`).
 * Both become one query string (`query` in the reply of `.parse`).
 */
export const checkTagBody = z
  .object({
    tag: z.string({ error: 'tag is required' }).trim().min(1, 'tag is required').max(64),
    query: z.string().max(MAX_TAP_QUERY).optional(),
    auth: sunParam.optional(),
    e: sunParam.optional(),
    picc_data: sunParam.optional(),
    enc: sunParam.optional(),
    cmac: sunParam.optional(),
    uid: sunParam.optional(),
    ctr: sunParam.optional(),
  })
  .transform((body, ctx) => {
    const query = tapQuery(body);
    if (query === undefined) {
      ctx.addIssue({ code: 'custom', message: 'auth is required', path: ['auth'] });
      return z.NEVER;
    }
    return { tag: body.tag, query };
  });

/** A tap's query string from check-tag's fields (undefined when there is none). */
export function tapQuery(body: {
  query?: string;
  auth?: string;
  e?: string;
  picc_data?: string;
  enc?: string;
  cmac?: string;
  uid?: string;
  ctr?: string;
}): string | undefined {
  if (body.query) return body.query.replace(/^\?/, '');
  if (body.auth !== undefined) return `auth=${body.auth}`;
  if (body.e !== undefined) return `e=${body.e}`;
  if (body.picc_data !== undefined)
    return `picc_data=${body.picc_data}${body.enc ? `&enc=${body.enc}` : ''}&cmac=${body.cmac ?? ''}`;
  if (body.uid !== undefined) return `uid=${body.uid}&ctr=${body.ctr ?? ''}&cmac=${body.cmac ?? ''}`;
  return undefined;
}

/**
 * The tag check answer (spec section 3). Failure is `{ok: false}` with HTTP 200: the UI shows 'Not
 * Authentic'. Three credentials, each for one thing (docs/decisions.md "Credentials of a tap"): `jwt`
 * is the utility token for the template's utility URL `url` (it proves the tap, nothing more);
 * `scanToken` is the mint/claim credential of this visit (it never leaves our page); `continuation`
 * carries the visit across a reload or into a wallet app's browser (`/tag/{id}?c=…`).
 */
export interface CheckTagReply {
  ok: boolean;
  /** The chip's decrypted SDMENCFileData (hex) when its URL carries encrypted file data, else null. */
  fileData: string | null;
  url: string | null;
  /** The utility token (audience `utility`): verifiable at `GET /json/utility-token/verify`. */
  jwt: string | null;
  /** The mint/claim credential (audience `scan`): get-mint-data's `authtoken`. */
  scanToken: string | null;
  /** The one-time continuation credential of this tap (30 minutes). */
  continuation: string | null;
  chain: string | null;
  nftId: number | null;
  pendingTransactionData: string | null;
  pendingTransactionValue: string | null;
  transactionDataToRelayer: string | null;
  relayer: string | null;
  redirectUrl: string | null;
  /** The TagTamper status letters a TT chip mirrored (permanent, current: 'CC', 'OC', 'OO'), null without. */
  tamper: string | null;
}

/** `POST /json/check-tag/continue`: a visit continues with the credential of its tap (`?c=`). */
export const continueVisitBody = z.object({
  tag: z.string({ error: 'tag is required' }).trim().min(1, 'tag is required').max(64),
  c: z.string({ error: 'c is required' }).trim().min(1, 'c is required').max(128),
});

/** `GET /json/utility-token/verify?token=`: a utility site checks the token it was given. */
export const utilityTokenQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(2048),
});

/** A genuine, unexpired utility token: which chip was tapped, when, and the token it stands for. */
export type UtilityTokenReply =
  | {
      ok: true;
      chain: string;
      nftId: number;
      /** The chip's public id (`/tag/{chipId}`). */
      chipId: string;
      /** The token the chip mints or holds (uint256, decimal). */
      tokenId: string;
      /** When the chip was tapped, unix seconds. */
      iat: number;
      /** Until when the token is valid, unix seconds. */
      exp: number;
      /** The TagTamper letters of the tap (signed into the token), null without. */
      tamper: string | null;
      /** The tap's decrypted file data (hex, signed into the token), null without. */
      fileData: string | null;
    }
  | { ok: false };

export const lookupQuery = z.object({ type: chiplinkTypeParam.default('chip') });

/** `GET /json/nft-by-chiplink/{id}`: the template's public fields. */
export interface PublicNft {
  id: number;
  title: string;
  description: string;
  image: string;
  imageRefresh: number;
  mimeType: string;
  chain: string;
  collection: string;
  limit: number;
  mints: number;
  price: string;
  payoutAddress: string;
  isMultiMintEnabledchip: boolean;
  isMultiMintEnabledlink: boolean;
  /** Who pays a free mint's gas (issue #29): 'owner' = 'Mint and Claim' sends nothing from the visitor. */
  gasPaidBy: 'visitor' | 'owner';
  /** The page shows a tap's decrypted file data (issue #26 item 6). */
  showFileData: boolean;
  /** A chip's claim needs two taps this far apart (issue #32 item 4); null: one tap is enough. */
  twoTap: TwoTap | null;
  /** Resale by the chip (issue #32 item 2); null: off. */
  resale: Resale | null;
  /** Burn to redeem (issue #32 item 5): what the token can be spent for; null or absent: nothing. */
  redemption?: PublicRedemption | null;
  /** Claim phases (issue #32 item 3), without their addresses; empty: no phases. */
  claimPhases: PublicClaimPhase[];
  created: string;
}

export interface PublicChiplink {
  id: string;
  type: ChiplinkKind;
  /** Links only: a chip's UID is never shown. */
  uid: string | null;
  scans: number;
  mints: number;
  tokenToMint: string;
  locked: boolean;
  created: string;
}

/**
 * The token a chip or link mints (spec section 4, token status): owner null = pre-mint; owner and
 * locked = locked. Read from the chain index, or the chain itself when the index lags.
 */
export interface ChiplinkTokenState {
  tokenId: string;
  /** Lower-case; null when nobody owns it (never minted, or burned). */
  owner: string | null;
  locked: boolean;
  /** The token's latest transfer transaction (its mint or claim), when known. */
  txHash: string | null;
}

export interface ChiplinkLookupReply {
  nft: PublicNft;
  chiplink: PublicChiplink;
  /** Null when the chain cannot be read right now (the page still shows the NFT). */
  token: ChiplinkTokenState | null;
  smartContract: string;
  isNfcNft: boolean;
  pendingTransactionData: string | null;
  /** Limited editions (#18): null or absent when the chip's token is none of a limited edition's. */
  limited?: ChiplinkLimited | null;
  /** Recovery and redemption (issue #32): null or absent when the chain index cannot say. */
  lifecycle?: ChiplinkLifecycle | null;
}

/**
 * What the chip page shows of a limited edition (#18): the token's father (a child token attached to
 * the chip), whether the chain records it as connected to a tag (`setConnectToTag`, from the mint
 * ledger), and how many children it has (a father).
 */
export interface ChiplinkLimited {
  parentTokenId: string | null;
  connected: boolean;
  /** Children of this token counted by the ledger (a father's). */
  children: number;
  /** A child's father's children counted by the ledger; null for a token without a father. */
  fatherChildren: number | null;
}

/**
 * The header the chip page sends its scan token in (get-mint-data), so the mint/claim credential never
 * appears in a URL; `?authtoken=` (spec section 7) is accepted as well.
 */
export const SCAN_TOKEN_HEADER = 'x-metatag-scan-token';

/** `GET /json/get-mint-data/{uid or id}?to=&auth=|authtoken=&isTransfer=` */
export const mintDataQuery = z.object({
  to: z.string({ error: 'Invalid address' }).pipe(addressSchema),
  auth: z.string().max(256).optional(),
  authtoken: z.string().max(2048).optional(),
  isTransfer: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export type MintDataReply =
  | {
      ok: true;
      /** Call data for the collection (mintSigned or transferSigned). */
      data: string;
      tokenid: string;
      /** Wei to send with the transaction (the template's price). */
      value: string;
      nft: { collection: string; chain: string };
    }
  | {
      ok: false;
      errorMessage: string;
      /**
       * Why, when the cause is one a buyer can act on (#30): the template's limit is reached, the token
       * was minted already (one NFT per chip or link), the chip's tap is spent or expired, or the wallet's
       * balance does not cover the price (no voucher, no place held, the link not bound to it).
       */
      reason?: MintRefusal;
    };

/** The causes of a refused mint the chip and link pages name (#30). */
export const MINT_REFUSALS = [
  'sold_out',
  'already_minted',
  'tap_expired',
  'insufficient_funds',
  // a two-tap template (issue #32 item 4): no earlier tap in the window, the second came too soon, too late
  'second_tap_needed',
  'second_tap_too_soon',
  'second_tap_too_late',
  // claim phases (issue #32 item 3): no phase open yet, every phase over, not on the open phases'
  // allowlists, the wallet's cap reached
  'phase_not_started',
  'phase_ended',
  'not_allowlisted',
  'wallet_cap_reached',
] as const;
export type MintRefusal = (typeof MINT_REFUSALS)[number];

/**
 * `POST /json/claim-gasless/{id}` (issue #29): a free mint whose gas the template's owner pays. The chip
 * page sends its scan token in the `x-scan-token` header (or a fresh tap's `auth`); the relayer mints
 * the chip's or link's token to `to`.
 */
export const gaslessClaimBody = z.object({
  to: z.string({ error: 'Invalid address' }).pipe(addressSchema),
  auth: z.string().max(256).optional(),
});

export type GaslessClaimReply =
  | {
      ok: true;
      tokenid: string;
      /** The relayer's mint record: queued, sent, confirmed (or failed). */
      mintId: string;
      status: 'queued' | 'sent' | 'confirmed' | 'failed';
      tx: string | null;
      nft: { collection: string; chain: string };
    }
  | { ok: false; errorMessage: string; reason?: MintRefusal };

/**
 * Email claims (issue #29 item 3). `POST /json/email-claim/{id}`: after a verified tap (scan token in
 * the header, or a fresh tap's `auth`) or on a link's page, the visitor gives an email address; the
 * reply is the same whatever the address. The mail's one-time link opens `/email-claim#{token}`.
 */
export const emailClaimBody = z.object({
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .pipe(z.email({ error: 'Invalid email address' })),
  auth: z.string().max(256).optional(),
});
export type EmailClaimReply = { ok: true; expiresAt: string } | { ok: false; errorMessage: string };

/**
 * `POST /json/email-claim-link`: the one-time link's token (in a body, never a URL); without `to` it
 * reads what the link claims, with `to` it spends the link into that address.
 */
export const emailClaimLinkBody = z.object({
  token: z.string({ error: 'Invalid link' }).min(20, 'Invalid link').max(128, 'Invalid link'),
  to: z.string({ error: 'Invalid address' }).pipe(addressSchema).optional(),
});
export type EmailClaimPeekReply =
  | {
      ok: true;
      id: string;
      type: 'chip' | 'link';
      title: string;
      /** The template's chain (a passkey account is made for it). */
      chain: string;
      gasPaidBy: 'visitor' | 'owner';
      expiresAt: string;
    }
  | { ok: false; errorMessage: string };
export type EmailClaimRedeemReply = GaslessClaimReply | MintDataReply;
export interface PendingEmailClaim {
  chiplinkId: string;
  /** Masked: a***@example.com. */
  email: string;
  createdAt: string;
  expiresAt: string;
}

/** `POST /json/toggle-lock` */
export const toggleLockBody = z.object({
  id: z.string({ error: 'id is required' }).min(1).max(64),
  newStatus: z.boolean({ error: 'newStatus must be true or false' }),
  address: z.string({ error: 'Invalid address' }).pipe(addressSchema),
  signature: z.string({ error: 'signature is required' }).regex(SIGNATURE_PATTERN, 'Invalid signature'),
  timestamp: z.number({ error: 'timestamp is required' }).int().positive(),
});

/** How far a lock message's timestamp may be from the server's clock. */
export const LOCK_MESSAGE_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * The message the token owner's wallet signs (personal_sign) to lock or unlock a chip: bound to the
 * chiplink, the new status and a timestamp, so a signature works once and only for this change.
 */
export function lockMessage(id: string, newStatus: boolean, timestamp: number): string {
  return [
    'MetaTag: change the lock of a chip',
    `Chip: ${id}`,
    `Status: ${newStatus ? 'locked' : 'unlocked'}`,
    `Timestamp: ${timestamp}`,
  ].join('\n');
}

export const scansQuery = z.object({
  uid: z.string({ error: 'uid is required' }).trim().min(1, 'uid is required').max(64),
});

export interface ScanItem {
  timestamp: string;
  city: string | null;
  /** Accuracy radius of the location, km. */
  radius: number | null;
  country: string | null;
  /** The chip's decrypted file data (hex) on that tap, when it mirrors encrypted file data. */
  fileData?: string | null;
  /** The TagTamper letters the tap mirrored (permanent, current), null without. */
  tamper?: string | null;
  /** The tap's counter jumped forward more than its batch's threshold (accepted, flagged). */
  counterJump?: boolean;
  /** The GS1 Digital Link serial of the batch URL the tap came through, null without (#26 item 2). */
  serial?: string | null;
}

/** `POST /json/check-tap-url` (admin): a tap URL of one of the caller's chips, checked without consuming it. */
export const checkTapUrlBody = z.object({
  url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(2048),
});

/** What a tap URL says, read with its chip's keys: nothing is consumed or recorded. */
export interface CheckTapUrlReply {
  ok: true;
  /** The chip the URL names (null: a batch URL whose UID is no chip of the batch). */
  chip: { id: string; nftId: number; deleted: boolean; scheme: string } | null;
  /** A batch URL's batch (issue #26), null for a per-chip URL. */
  batch: { id: string; name: string; mode: string } | null;
  /** The URL's layout (auth, e, picc, plain) and mode (aes, lrp, plain). */
  layout: string;
  mode: string;
  /** Upper-case hex; null when the PICC data could not be read with the chip's keys. */
  uid: string | null;
  counter: number | null;
  fileData: string | null;
  /** The SDM MAC holds and the UID is the chip's. */
  macValid: boolean;
  /** Whether check-tag would accept this counter now (valid MAC, live chip, counter above the last accepted one). */
  counterAccepted: boolean;
  /** The last counter accepted for this chip's UID (-1 before the first). */
  lastCounter: number;
  /** The TagTamper letters the URL (or file data) mirrored, null without. */
  tamper: string | null;
  /**
   * The part that fails (null: check-tag would accept the tap now): `not-in-form`, `wrong-mode`,
   * `picc` (does not decrypt to a valid tag byte), `mac-offset` (holds at another MAC input, named in
   * `problem`), `mac`, `unknown-uid` (no chip of the batch), `other-chip`, `inactive`, `counter-behind`.
   */
  fault: string | null;
  /** What fails, in words for the admin. */
  problem: string | null;
}
