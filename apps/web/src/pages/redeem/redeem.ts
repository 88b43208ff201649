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
/** A token burned to redeem it: no owner any more, and never minted again. */
export const BURNED_TEXT = 'Redeemed and burned: this token no longer exists.';
export const SHOP_RECORDED = 'Redeemed. The redemption is recorded.';

/** What a report of the redemption answers: its record, or the server's message. */
export type ReportedRedemption = {
  emailedAt: string | null;
  webhookAt: string | null;
  noticePending: boolean;
};

/** The page follows a notice under way this often, this many times (the gateway's notifier runs every 2 s). */
export const FOLLOW_EVERY_MS = 1_500;
export const FOLLOW_TRIES = 20;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Reports the redemption, then reports again (idempotent: nobody is told twice) while the shop's notice
 * is under way: the chain index's follower may have recorded it first, so its notifier tells the shop a
 * moment after the page's first report. The line says 'told' only once a channel delivered; a notice
 * still pending after FOLLOW_TRIES, or none configured, leaves 'recorded'.
 */
export async function reportUntilTold(
  report: () => Promise<ReportedRedemption | string>,
  options: { everyMs?: number; tries?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const { everyMs = FOLLOW_EVERY_MS, tries = FOLLOW_TRIES, signal } = options;
  for (let attempt = 1; ; attempt += 1) {
    const reply = await report();
    if (typeof reply === 'string') return reply;
    const told = reply.emailedAt !== null || reply.webhookAt !== null;
    if (!reply.noticePending || attempt >= tries) return told ? SHOP_TOLD : SHOP_RECORDED;
    await pause(everyMs, signal);
    if (signal?.aborted) return told ? SHOP_TOLD : SHOP_RECORDED;
  }
}
