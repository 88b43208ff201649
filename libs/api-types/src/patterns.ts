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

export const isAddress = (value: string): boolean => ADDRESS_PATTERN.test(value);
export const isAnyCaseAddress = (value: string): boolean => ANY_CASE_ADDRESS_PATTERN.test(value);
