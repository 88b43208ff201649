import { Link } from 'react-router';
import type { ChiplinkLookupReply } from './chipApi.js';
import { sameAddress } from './chipActions.js';
import {
  RECOVERY_ALLOWED_TEXT,
  RECOVERY_OFF_TEXT,
  recoveryLine,
  redeemedLine,
  redemptionOffer,
} from './lifecycle.js';

/**
 * A token's life after its sale (issue #32): whether its collection allows brand recovery, each
 * recovery (the chain's audit log), and what the token can be redeemed for, with the holder's way there.
 */
export function ChipLifecycle({
  lookup,
  owner,
  wallet,
}: {
  lookup: ChiplinkLookupReply;
  owner: string | null | undefined;
  wallet: string | null;
}) {
  const lifecycle = lookup.lifecycle;
  const offer = lookup.nft.redemption;
  if (!lifecycle && !offer) return null;
  const redeemHref =
    offer && owner && !lifecycle?.redemption
      ? `/${lookup.nft.chain}/redeem?collection=${lookup.smartContract}&token=${lookup.chiplink.tokenToMint}` +
        `&chip=${encodeURIComponent(lookup.chiplink.id)}&type=${lookup.chiplink.type}`
      : null;
  return (
    <section className="chip-lifecycle" aria-label="Recovery and redemption" data-testid="chip-lifecycle">
      {lifecycle ? (
        <div className="chip-lifecycle__item">
          <h2>Brand recovery</h2>
          <p data-testid="chip-recovery-policy">
            {lifecycle.recoveryAllowed ? RECOVERY_ALLOWED_TEXT : RECOVERY_OFF_TEXT}
          </p>
          {lifecycle.recoveries.length > 0 ? (
            <ul className="chip-lifecycle__log">
              {lifecycle.recoveries.map((r) => (
                <li key={r.txHash} data-testid="chip-recovery">
                  {recoveryLine(r)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {offer ? (
        <div className="chip-lifecycle__item">
          <h2>Redeem</h2>
          <p data-testid="chip-redemption-offer">{redemptionOffer(offer)}</p>
          {lifecycle?.redemption ? (
            <p data-testid="chip-redemption-done">{redeemedLine(lifecycle.redemption)}</p>
          ) : redeemHref ? (
            <p>
              <Link className="chip-lifecycle__action" to={redeemHref} data-testid="chip-redeem-link">
                {sameAddress(owner ?? '', wallet) ? 'Redeem this token' : 'Redeem (token holder)'}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
