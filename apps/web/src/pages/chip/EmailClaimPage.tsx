import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { ANY_CASE_ADDRESS_PATTERN, type EmailClaimPeekReply } from '@metatag/api-types';
import { peekEmailClaim, redeemEmailClaim } from './emailClaim.js';
import { waitForOwner } from './gaslessClaim.js';
import { isChainName } from '../../lib/chains.js';

/** The passkey chunk (#29): loaded only when the visitor asks for it. */
const loadPasskeys = () => import('../../passkey/passkeyAccount.js');
/** The wallet chunk (wagmi): only a link whose visitor pays the gas sends a transaction from here. */
const LazyEmailClaimWallet = lazy(() =>
  import('./EmailClaimWallet.js').then((module) => ({ default: module.EmailClaimWallet })),
);
import './chip.css';

const CANNOT = 'We cannot mint right now.';
const INCOMPLETE = 'This claim link is incomplete: open the whole link from the email.';

type Claimed = { tokenId: string; owner: string };

/**
 * The email claim's one-time link, `/email-claim#{token}` (issue #29 item 3): the token sits in the
 * fragment, so it never reaches a server's logs; it is sent in request bodies only. When the owner pays
 * the gas the visitor claims into any wallet address or a passkey account made (or found) here; when
 * the visitor pays, a wallet connected here sends the voucher (a chip's page could not: no fresh tap).
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // claimInto shows its outcome (or failure) on the page
    void claimInto(to);
  };

  /** A passkey account (#29): created here or found on this device, then claimed into like an address. */
  const withPasskey = async (create: boolean) => {
    if (!claim.ok || !isChainName(claim.chain)) return;
    setBusy(true);
    setError(null);
    try {
      const passkeys = await loadPasskeys();
      const stored = create
        ? await passkeys.createPasskey(claim.chain)
        : await passkeys.findPasskey(claim.chain);
      setTo(stored.account);
      await claimInto(stored.account);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : CANNOT);
      setBusy(false);
    }
  };

  const claimInto = async (address: string) => {
    if (!claim.ok || !ANY_CASE_ADDRESS_PATTERN.test(address)) return setError('Invalid address');
    setBusy(true);
    setError(null);
    try {
      const reply = await redeemEmailClaim(token, address);
      if (!reply.ok) return setError(reply.errorMessage === 'cannot mint' ? CANNOT : reply.errorMessage);
      // the owner pays the gas (a visitor-paid link is claimed with a wallet, EmailClaimWallet)
      if (!('mintId' in reply)) return setError(CANNOT);
      const owned = await waitForOwner(claim.type, claim.id, address);
      if (!owned) return setError(CANNOT);
      setClaimed({ tokenId: owned.tokenId, owner: address.toLowerCase() });
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
                  : ' Your wallet pays the gas: connect it here and claim.'}
              </p>
              {claim.gasPaidBy === 'visitor' ? (
                isChainName(claim.chain) ? (
                  <Suspense fallback={null}>
                    <LazyEmailClaimWallet token={token} chain={claim.chain} onClaimed={setClaimed} />
                  </Suspense>
                ) : (
                  <p className="chip-notice chip-notice--error" role="alert">
                    {CANNOT}
                  </p>
                )
              ) : (
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
                  <button type="submit" className="chip-button" disabled={busy || !to}>
                    {busy ? 'Claiming…' : 'Claim'}
                  </button>
                  {claim.gasPaidBy === 'owner' && (
                    <div className="email-claim__passkey" data-testid="email-claim-passkey">
                      <p className="email-claim__hint">
                        No wallet? Claim into a passkey account: it lives in this device’s passkey manager,
                        and the fees are paid for you.
                      </p>
                      <button
                        type="button"
                        className="chip-button chip-button--secondary"
                        disabled={busy}
                        onClick={() => void withPasskey(true)}
                      >
                        Create a passkey
                      </button>
                      <button
                        type="button"
                        className="chip-button chip-button--secondary"
                        disabled={busy}
                        onClick={() => void withPasskey(false)}
                      >
                        I already have a passkey
                      </button>
                    </div>
                  )}
                  {error && (
                    <p
                      className="chip-notice chip-notice--error"
                      role="alert"
                      data-testid="email-claim-error"
                    >
                      {error}
                    </p>
                  )}
                </form>
              )}
            </>
          )}
        </article>
      </main>
    </div>
  );
}
