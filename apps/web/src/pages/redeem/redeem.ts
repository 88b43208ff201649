import { UINT256_PATTERN } from '@metatag/api-types';

/** Spec section 2 (Limited-edition tab 6, `/{chain}/redeem`): the warning before a redeem. */
export const REDEEM_WARNING =
  'Redeeming disallows transfers of this token: it becomes untransferable afterwards.';
export const REDEEMED_TEXT = 'Redeemed: this token is untransferable.';
export const NOT_OWNER_TEXT = 'Only the token owner can redeem it.';

/** A token id as typed: a uint256 in decimal. */
export const isTokenUid = (value: string) => UINT256_PATTERN.test(value) && BigInt(value) < 2n ** 256n;

/** Burn to redeem (issue #32 item 5): the warning and result of a template's redemption. */
export const BURN_WARNING =
  'Redeeming burns this token: it is gone afterwards and can never be redeemed again.';
export const LOCK_FOREVER_WARNING =
  'Redeeming locks this token forever: it stays in your wallet but can never be transferred or redeemed again.';
export const SHOP_TOLD = 'Redeemed. The shop has been told.';
export const SHOP_RECORDED = 'Redeemed. The redemption is recorded.';
