import { useState, type FormEvent } from 'react';
import { askEmailClaim } from './emailClaim.js';

/**
 * 'Claim by email' (issue #29 item 3): a visitor without a wallet gives an email address; the claim is
 * held for it until the mailed one-time link expires.
 */
export function EmailClaimForm({ id, jwt }: { id: string; jwt: string | null }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!open)
    return (
      <button
        type="button"
        className="chip-button chip-button--secondary"
        data-testid="email-claim-open"
        onClick={() => setOpen(true)}
      >
        Claim by email
      </button>
    );
  if (sent)
    return (
      <p className="chip-notice" role="status" data-testid="email-claim-sent">
        We sent a link to {email}. It works once, until {new Date(sent).toLocaleString()}.
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await askEmailClaim({ id, email, authtoken: jwt });
      if (reply.ok) setSent(reply.expiresAt);
      else setError(reply.errorMessage);
    } catch {
      setError('We cannot send the email right now.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="email-claim" onSubmit={(event) => void submit(event)} data-testid="email-claim-form">
      <label className="email-claim__label">
        Your email address
        <input
          className="email-claim__input"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <p className="email-claim__hint">
        We email you a one-time link. Open it to claim this NFT into a wallet address of your choice.
      </p>
      <button type="submit" className="chip-button" disabled={busy || !email}>
        Send the link
      </button>
      {error && (
        <p className="chip-notice chip-notice--error" role="alert" data-testid="email-claim-error">
          {error}
        </p>
      )}
    </form>
  );
}
