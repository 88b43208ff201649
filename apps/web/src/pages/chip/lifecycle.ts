import type { ChiplinkLifecycle, PublicRedemption } from '@metatag/api-types';

/** Issue #32: what buyers read about brand recovery before and after buying. */
export const RECOVERY_ALLOWED_TEXT =
  'Allowed: the brand may take this token back (a return, a theft report, a lost wallet); every recovery is recorded on the chain and listed here.';
export const RECOVERY_OFF_TEXT = 'Not allowed: nobody but the holder can move this token.';

const KINDS: Record<PublicRedemption['kind'], string> = {
  good: 'A physical good',
  discount: 'A discount code',
  token: 'Another token',
};

/** 'Recovered by the brand on 29 Nov 2026, 05:31 UTC: returned to the shop'. */
export function recoveryLine(recovery: ChiplinkLifecycle['recoveries'][number]): string {
  return `Recovered by the brand on ${formatDay(recovery.at)}: ${recovery.reason}`;
}

export function redemptionOffer(offer: PublicRedemption): string {
  const what = offer.mode === 'burn' ? 'burns the token' : 'locks the token forever';
  return `${KINDS[offer.kind]}: ${offer.description} (redeeming ${what})`;
}

export function redeemedLine(redemption: NonNullable<ChiplinkLifecycle['redemption']>): string {
  return `Redeemed on ${formatDay(redemption.at)}${redemption.burned ? ' (burned)' : ' (locked forever)'}`;
}

function formatDay(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}
