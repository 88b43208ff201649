/** Spec section 2 (Limited-edition tab 6, `/{chain}/redeem`): the warning before a redeem. */
export const REDEEM_WARNING =
  'Redeeming disallows transfers of this token: it becomes untransferable afterwards.';
export const REDEEMED_TEXT = 'Redeemed: this token is untransferable.';
export const NOT_OWNER_TEXT = 'Only the token owner can redeem it.';

/** A token id as typed: a uint256 in decimal. */
export const isTokenUid = (value: string) => /^\d{1,78}$/.test(value) && BigInt(value) < 2n ** 256n;
