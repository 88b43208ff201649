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
