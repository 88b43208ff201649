/**
 * The shapes of spec section 5 as plain regular expressions, in one zod-free module: the services'
 * message schemas, the gateway's HTTP schemas and the web app's inputs all test with these (issue
 * #31 item 4: one pattern per shape instead of a copy per file).
 */

/** A wallet address as we store and compare it: 0x and 40 lower-case hex digits. */
export const ADDRESS_PATTERN = /^0x[0-9a-f]{40}$/;

/** An address as a person or a wallet may write it: 0x and 40 hex digits of any case (EIP-55 checksums). */
export const ANY_CASE_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** Spec section 5: http or https followed by letters, digits and % _ - / = ? & . */
export const URL_PATTERN = /^https?:\/\/[A-Za-z0-9%_\-/=?&.:]+$/;

/** Bytes in hex as JSON-RPC carries them: 0x and whole bytes (an empty 0x too). */
export const HEX_BYTES_PATTERN = /^0x([0-9a-fA-F]{2})*$/;

/** A JSON-RPC quantity: 0x and 1 to 64 hex digits. */
export const QUANTITY_PATTERN = /^0x[0-9a-fA-F]{1,64}$/;

/** A P-256 public key as WebAuthn's COSE key gives it: 0x04 ‖ x ‖ y, or x ‖ y without the prefix. */
export const P256_PUBLIC_KEY_PATTERN = /^0x(04)?[0-9a-fA-F]{128}$/;

/** A WebAuthn credential id: base64url, at most 1023 bytes (ours come from platform authenticators). */
export const CREDENTIAL_ID_PATTERN = /^[A-Za-z0-9_-]{16,1400}$/;

/** An ECDSA signature as wallets give it: 0x ‖ r ‖ s ‖ v, 65 bytes in hex of any case. */
export const SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130}$/;

/** A transaction hash as we store it: 0x and 64 lower-case hex digits. */
export const TX_HASH_PATTERN = /^0x[0-9a-f]{64}$/;

/** Lower-case hex of any length (a transaction's data as we hand it to a wallet). */
export const LOWER_HEX_PATTERN = /^0x[0-9a-f]*$/;

/** A uint256 in decimal: 1 to 78 digits (2^256 − 1 has 78; the digits bound the length, not the value). */
export const UINT256_PATTERN = /^\d{1,78}$/;

/** Signed wei in decimal: an optional minus and 1 to 78 digits (a ledger balance may go below zero). */
export const SIGNED_WEI_PATTERN = /^-?\d{1,78}$/;

/** A uint64 in decimal: 1 to 20 digits (2^64 − 1 has 20), as a claim phase's start and end or a shop's ids. */
export const UINT64_PATTERN = /^\d{1,20}$/;

/** A bigserial row id in decimal as a page cursor: 1 to 18 digits, always below 2^63. */
export const ROW_ID_PATTERN = /^\d{1,18}$/;

/** Unix seconds of a signature's deadline: 1 to 12 digits (up to the year 33658). */
export const UNIX_SECONDS_PATTERN = /^\d{1,12}$/;

/** An amount of ether as a person types it: up to 30 whole digits and up to 18 decimals (wei). */
export const ETHER_AMOUNT_PATTERN = /^\d{1,30}(\.\d{1,18})?$/;

/** A UTC day as YYYY-MM-DD (the shape only: whether the day exists is the reader's to check). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const isAddress = (value: string): boolean => ADDRESS_PATTERN.test(value);
export const isAnyCaseAddress = (value: string): boolean => ANY_CASE_ADDRESS_PATTERN.test(value);
