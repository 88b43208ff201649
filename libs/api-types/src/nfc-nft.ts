import { z } from 'zod';
import { ADDRESS_PATTERN, TX_HASH_PATTERN, URL_PATTERN } from './validation.js';

/** Spec section 3 "NFC-NFT record", as `GET /nfc-nft` lists it. Empty fields are ''. */
export interface NfcNftRecord {
  id: number;
  /** The public id of one of the owner's chips (`/tag/{nfcId}`). */
  nfcId: string;
  chain: string;
  /** The contract the pending transaction calls. */
  smartContract: string;
  /** The chain's TagRelayer the transaction goes through. */
  relayer: string;
  /** The token the tag stands for on `smartContract` (uint256, decimal). */
  nftId: string;
  /** The chip's utility URL. */
  url: string;
  /** ABI-encoded call data (0x…), '' when nothing is pending. */
  pendingTransactionData: string;
  /** Wei, a non-negative integer string; '' when nothing is pending. */
  pendingTransactionValue: string;
  redirectUrl: string;
  created: string;
}

/** One entry of a record's history (issue 17 item 5). */
export interface NfcNftHistoryEntry {
  at: string;
  kind: 'created' | 'pending-set' | 'pending-cleared' | 'authorized' | 'sent' | 'confirmed' | 'failed';
  detail: string;
  txHash: string | null;
}

export const INVALID_VALUE_MESSAGE = 'Invalid value';
export const NFC_NFT_NOT_FOUND = 'NFC-NFT record not found';

/** Chain names the network table knows (libs/contracts chainIds; kept literal so this package stays leaf). */
const CHAIN_NAMES = ['mainnet', 'goerli', 'rinkeby', 'mumbai', 'polygon', 'sepolia', 'ganache'];
/** Call data: 0x and whole bytes, at most 24 KiB (a transaction's data, not a contract deployment). */
export const CALL_DATA_PATTERN = /^0x(?:[0-9a-f]{2}){0,24576}$/;
/** Wei: a non-negative integer of at most 78 digits (uint256), no sign, no leading zeros beyond '0'. */
export const WEI_PATTERN = /^(?:0|[1-9]\d{0,77})$/;
const UINT256_MAX = (1n << 256n) - 1n;

const trimmed = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const emptyOr = (check: (v: string) => boolean, message: string) =>
  trimmed.refine((v) => v === '' || check(v), message);
const uint256 = (v: string) => WEI_PATTERN.test(v) && BigInt(v) <= UINT256_MAX;

/** Each editable field's rule (spec section 5): addresses lower-cased, URLs, hex data, wei. */
export const nfcNftFieldRules = {
  nfcId: emptyOr((v) => /^[A-Za-z0-9]{6,32}$/.test(v), 'Invalid chip id'),
  chain: emptyOr((v) => CHAIN_NAMES.includes(v), 'Unknown chain'),
  smartContract: trimmed
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || ADDRESS_PATTERN.test(v), 'Invalid address'),
  relayer: trimmed
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || ADDRESS_PATTERN.test(v), 'Invalid address'),
  nftId: emptyOr(uint256, 'nftId must be a token id (a non-negative integer)'),
  url: emptyOr((v) => URL_PATTERN.test(v), 'Invalid url'),
  pendingTransactionData: trimmed
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || CALL_DATA_PATTERN.test(v), 'Data must be 0x followed by whole bytes in hex'),
  pendingTransactionValue: emptyOr(uint256, 'Value must be wei: a non-negative integer'),
  redirectUrl: emptyOr((v) => URL_PATTERN.test(v), 'Invalid redirectUrl'),
} as const;

export type NfcNftField = keyof typeof nfcNftFieldRules;
export type NfcNftPatch = Partial<Record<NfcNftField, string>>;

/**
 * `PUT /nfc-nft/{id}` sends ONE field. An unknown field, several fields or a value breaking its rule
 * is a 400 with the rule's message (spec section 5; 'Invalid value' for the shape itself).
 */
export function parseNfcNftPatch(
  body: unknown,
): { ok: true; field: NfcNftField; value: string } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, message: INVALID_VALUE_MESSAGE };
  const keys = Object.keys(body);
  if (keys.length !== 1 || !Object.hasOwn(nfcNftFieldRules, keys[0]))
    return { ok: false, message: INVALID_VALUE_MESSAGE };
  const field = keys[0] as NfcNftField;
  const raw = (body as Record<string, unknown>)[field];
  const parsed = nfcNftFieldRules[field].safeParse(raw ?? '');
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? INVALID_VALUE_MESSAGE };
  return { ok: true, field, value: parsed.data };
}

/**
 * `PUT /nfc-nft/byTag/{nftId}`: sets (or, with '' or null, clears) the pending transaction. Data and
 * value go together: a value without data, or data without a value, is refused.
 */
const orNull = <S extends z.ZodType<string>>(rule: S) => z.union([z.null().transform(() => ''), rule]);
export const setPendingBody = z
  .object({
    pendingTransactionData: orNull(nfcNftFieldRules.pendingTransactionData),
    pendingTransactionValue: orNull(nfcNftFieldRules.pendingTransactionValue).optional(),
    redirectUrl: orNull(nfcNftFieldRules.redirectUrl).optional(),
  })
  .transform((b) => ({
    pendingTransactionData: b.pendingTransactionData,
    // data without a value means value 0; clearing the data clears the value
    pendingTransactionValue:
      b.pendingTransactionData === ''
        ? ''
        : b.pendingTransactionValue === ''
          ? '0'
          : (b.pendingTransactionValue ?? '0'),
    redirectUrl: b.redirectUrl ?? '',
  }))
  .refine((b) => b.pendingTransactionData !== '0x', 'Data must not be empty: clear it with an empty string');
export type SetPendingBody = z.output<typeof setPendingBody>;

/** `POST /json/nfc-nft/confirm`: no pending transaction on this chip (or it names no record). */
export const NO_PENDING_TRANSACTION = 'No pending transaction for this chip';
/** The reported transaction has no receipt yet. */
export const RELAY_NOT_MINED = 'The transaction is not mined yet';
/** The reported transaction did not run this chip's pending transaction through its TagRelayer. */
export const RELAY_NOT_MATCHING = 'This transaction did not complete the pending transaction';

/**
 * `POST /json/nfc-nft/confirm {tag, txHash}`: the chip page reports the transaction that relayed the
 * chip's pending transaction; the server believes only the chain (docs/decisions.md "Confirming a
 * relayed NFC-NFT transaction").
 */
export const confirmPendingBody = z.object({
  tag: z
    .string({ error: 'tag is required' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'tag is required'),
  txHash: z
    .string({ error: 'txHash is required' })
    .trim()
    .toLowerCase()
    .regex(TX_HASH_PATTERN, 'txHash must be a transaction hash'),
});
export type ConfirmPendingBody = z.output<typeof confirmPendingBody>;

/** `cleared`: this report cleared the pending transaction; false when an earlier one did. */
export interface ConfirmPendingReply {
  ok: true;
  cleared: boolean;
  txHash: string;
}

/** 'Complete without a wallet' is only for a pending transaction without value (MetaTag pays gas, not value). */
export const GASLESS_NEEDS_ZERO_VALUE = 'Only a transaction without value can be completed without a wallet';
/** The gasless completion needs the scan token of the chip's latest tap. */
export const GASLESS_NEEDS_TAP = 'Tap the chip again to complete the transaction';

/** `POST /json/nfc-nft/complete {tag, scanToken}`: MetaTag relays the pending transaction, paid by the record's owner. */
export const completeGaslessBody = z.object({
  tag: z
    .string({ error: 'tag is required' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'tag is required'),
  scanToken: z.string({ error: 'scanToken is required' }).min(1, 'scanToken is required').max(2048),
});
export type CompleteGaslessBody = z.output<typeof completeGaslessBody>;

/** Where the gasless relay is: queued, sent (`txHash`), confirmed (`txHash`; the pending fields are cleared). */
export interface CompleteGaslessReply {
  ok: true;
  status: 'queued' | 'sent' | 'confirmed';
  txHash: string | null;
}

/**
 * Issue #28: a record's pending call may target only a collection attached to the record's owner (the
 * attach proof), through the TagRelayer MetaTag configured for the chain; never an address a tenant typed.
 */
export const NFC_NFT_FOREIGN_CONTRACT =
  'smartContract must be a collection attached to your account on this chain (attach it with its owner proof first)';
export const NFC_NFT_FOREIGN_RELAYER =
  "relayer must be the TagRelayer MetaTag configured for the record's chain";
