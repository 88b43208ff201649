import { useEffect, useState, type FormEvent } from 'react';
import { ANY_CASE_ADDRESS_PATTERN, type EmailClaimPeekReply } from '@metatag/api-types';
import { peekEmailClaim, redeemEmailClaim } from './emailClaim.js';
import { waitForOwner } from './gaslessClaim.js';
import './chip.css';

const CANNOT = 'We cannot mint right now.';
const INCOMPLETE = 'This claim link is incomplete: open the whole link from the email.';

type Claimed = { tokenId: string; owner: string };

/**
 * The email claim's one-time link, `/email-claim#{token}` (issue #29 item 3): the token sits in the
 * fragment, so it never reaches a server's logs; it is sent in request bodies only. The visitor claims
 * into any wallet address (a passkey account, issue #29 item 2, is not built yet).
 */
export function EmailClaimPage() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  const [claim, setClaim] = useState<EmailClaimPeekReply | null>(null);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<Claimed | null>(null);

  useEffect(() => {
    // a link without its token (cut off when copied, or the page opened by hand) asks nothing of
    // the server: it can only be refused
    if (!token) {
      setClaim({ ok: false, errorMessage: INCOMPLETE });
      return;
    }
    peekEmailClaim(token)
      .then(setClaim)
      .catch(() => setClaim({ ok: false, errorMessage: CANNOT }));
  }, [token]);

  if (!claim) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!claim.ok || !ANY_CASE_ADDRESS_PATTERN.test(to)) return setError('Invalid address');
    setBusy(true);
    setError(null);
    try {
      const reply = await redeemEmailClaim(token, to);
      if (!reply.ok) return setError(reply.errorMessage === 'cannot mint' ? CANNOT : reply.errorMessage);
      if ('mintId' in reply) {
        const owned = await waitForOwner(claim.type, claim.id, to);
        if (!owned) return setError(CANNOT);
        setClaimed({ tokenId: owned.tokenId, owner: to.toLowerCase() });
      } else {
        // the visitor's wallet pays: the link is now bound to this address; its page mints as usual
        window.location.assign(claim.type === 'link' ? `/link/${claim.id}` : `/tag/${claim.id}`);
      }
    } catch {
      setError(CANNOT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chip-backdrop" data-theme="light">
      <main className="chip-page" data-testid="email-claim-page">
        <article className="chip-card">
          {!claim.ok ? (
            <p className="chip-notice chip-notice--error" role="alert" data-testid="email-claim-invalid">
              {claim.errorMessage}
            </p>
          ) : claimed ? (
            <>
              <h1 className="chip-card__title">{claim.title}</h1>
              <p className="chip-notice" role="status" data-testid="email-claim-done">
                Claimed: token {claimed.tokenId} is owned by {claimed.owner}.
              </p>
              <a href={claim.type === 'link' ? `/link/${claim.id}` : `/tag/${claim.id}`}>See the NFT</a>
            </>
          ) : (
            <>
              <h1 className="chip-card__title" data-testid="email-claim-title">
                {claim.title}
              </h1>
              <p className="email-claim__hint">
                This NFT is held for you until {new Date(claim.expiresAt).toLocaleString()}.
                {claim.gasPaidBy === 'owner'
                  ? ' It is free: you need no ETH.'
                  : ' Your wallet pays the gas: after this step, connect that wallet on the next page.'}
              </p>
              <form className="email-claim" onSubmit={(event) => void submit(event)}>
                <label className="email-claim__label">
                  Your wallet address
                  <input
                    className="email-claim__input"
                    value={to}
                    placeholder="0x…"
                    spellCheck={false}
                    autoComplete="off"
                    onChange={(event) => setTo(event.target.value.trim())}
                  />
                </label>
                <p className="email-claim__hint">
                  Passkey accounts (no wallet at all) are coming but not available yet: for now, claim into
                  any wallet address you own.
                </p>
                <button type="submit" className="chip-button" disabled={busy || !to}>
                  {busy ? 'Claiming…' : 'Claim'}
                </button>
                {error && (
                  <p className="chip-notice chip-notice--error" role="alert" data-testid="email-claim-error">
                    {error}
                  </p>
                )}
              </form>
            </>
          )}
        </article>
      </main>
    </div>
  );
}
