/**
 * Texts of the public chip and link pages (spec sections 2, 4 and 8), verbatim: they are part of the
 * contract.
 */
export const NO_NAME = 'No Name';
export const TAG_NOT_CONNECTED = 'Tag is not connected yet';
export const LINK_NOT_VALID = 'Link is not valid';
export const AUTHENTICATED = 'MetaTag Was Authenticated';
export const NOT_AUTHENTIC = 'Not Authentic';
export const CHECKING = 'Checking';
export const AUTHENTICATING = 'Authenticating...';
export const AUTH_FAILED = 'Authentication failed. Scan again';
export const XHR_ERROR = 'xhr error';
export const CONNECT_WALLET = 'Connect Wallet';
export const MINT_AND_CLAIM = 'Mint and Claim';
export const CLAIM_OWNERSHIP = 'Claim Ownership';
export const ITEM_LOCKED = 'Item is locked by the owner';
export const LOCK = 'Lock';
export const UNLOCK = 'Unlock';
export const YOUR_WALLET = '(your wallet)';
export const READ_MORE = 'READ MORE';
export const READ_LESS = 'READ LESS';
export const POWERED_BY = 'Powered by';
export const CHIP_MINT_FAILED = 'We cannot mint right now. Try to rescan the chip - and then mint again';
export const LINK_MINT_FAILED = 'We cannot mint right now.';
export const ONLY_OWNER_CAN_LOCK = 'Only owner can lock/unlock';
/** Our wording (#30; the spec has none): the template's limit is reached. */
export const SOLD_OUT = 'Sold out';
/** Our wordings (#30) for the causes of a failed mint the spec has no text for. */
export const ALREADY_MINTED = 'This NFT was minted already: one NFT per chip or link';
export const TAP_EXPIRED = 'Tap expired: scan the chip again';
/** Our wordings (#32 item 4): a two-tap template refused a claim for want of a second tap in its window. */
export const SECOND_TAP_NEEDED = 'Tap the chip again to claim: this item needs two taps';
export const SECOND_TAP_TOO_SOON = 'Too soon: wait a few seconds, then tap the chip again';
export const SECOND_TAP_TOO_LATE = 'Too late: tap the chip twice, closer together';
export const RELAYER_BALANCE_EXHAUSTED =
  "The owner's relayer balance is used up: MetaTag cannot send this for them right now";
export const CHAIN_UNREACHABLE = 'The chain cannot be reached right now. Try again in a moment';
/** Not enough ETH for the price and the gas, with the amount missing when known (formatted: '0.0102'). */
export function notEnoughEth(missing?: string): string {
  return missing
    ? `Not enough ETH: your wallet needs ${missing} ETH more`
    : 'Not enough ETH in your wallet for the price and the gas';
}
/** Our wording (the spec has none): a continuation credential that was spent or expired. */
export const TAP_AGAIN = 'This visit has ended. Tap the chip again';
/** Our wording: the button state after a failed mint, which asks for a new scan. */
export const SCAN_AGAIN = 'Scan again to mint';
export const INSTALL_WALLET =
  "To perform this action you must have a browser wallet installed. On mobile, you must open this webpage in the wallet's browser.";

/** 'Buy Token for {price}ETH' (spec section 4). */
export function buyTokenFor(price: string): string {
  return `Buy Token for ${price}ETH`;
}

/** Spec section 9. */
export const AUTH_DELAY_MS = 1000;
export const TOAST_MS = 3000;
export const VIDEO_OVERLAY_MS = 2000;
export const COPY_CONFIRM_MS = 300;

/**
 * The auth status's class for a state: ChipAuthStatus renders it, and the early script writes the same
 * into the server's markup (chipCheck.ts `showEarly`) so hydration finds what React renders.
 */
export const authStatusClass = (state: string): string => `chip-auth chip-auth--${state}`;
