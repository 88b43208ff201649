import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ANY_CASE_ADDRESS_PATTERN, type PasskeyToken } from '@metatag/api-types';
import type { ChainName } from '../lib/chains.js';
import { AA_ADDRESSES } from '@metatag/contracts';
import { addOwnerCall, describeSponsoredFailure, safeOwners, sendSponsored } from './passkeyAccount.js';
import type { StoredPasskey } from './passkeyStore.js';
import { WalletAddressField } from './WalletAddressField.js';

const ZERO = /^0x0{40}$/;
const PASSKEY_SIGNER = AA_ADDRESSES.webAuthnSharedSigner.toLowerCase();

/**
 * 'Recovery wallet' on My tokens (decision 111): the passkey adds an ordinary wallet as the account's
 * second owner (the Safe's addOwnerWithThreshold(wallet, 1): either owner acts alone), one user
 * operation the brand pays for, once per account. The sponsorship names one of the account's tokens
 * (the brand pays only for its own customers), so an account without a token cannot add one yet.
 */
export function AddRecoveryWallet({
  chain,
  passkey,
  tokens,
}: {
  chain: ChainName;
  passkey: StoredPasskey;
  tokens: PasskeyToken[] | undefined;
}) {
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const owners = useQuery({
    queryKey: ['safe-owners', chain, passkey.account],
    queryFn: () => safeOwners(chain, passkey.account),
    staleTime: 0,
  });
  const wallet = owners.data?.find((owner) => owner !== PASSKEY_SIGNER);
  const context = tokens?.[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim().toLowerCase();
    if (!ANY_CASE_ADDRESS_PATTERN.test(address) || ZERO.test(address))
      return setProblem('Type a wallet address: 0x and 40 letters or digits.');
    if (address === passkey.account) return setProblem('That is your passkey account. Type another wallet.');
    if (!context) return;
    setBusy(true);
    setProblem(null);
    setStep('Adding your recovery wallet…');
    try {
      await sendSponsored(chain, passkey, context.id, addOwnerCall(passkey.account, address));
      setStep(null);
      await owners.refetch();
    } catch (failure) {
      setStep(null);
      setProblem(describeSponsoredFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="passkey" data-testid="recovery-wallet" aria-labelledby="recovery-wallet-title">
      <h2 id="recovery-wallet-title" className="passkey__title">
        Recovery wallet
      </h2>
      {wallet ? (
        <p className="passkey__text" data-testid="recovery-wallet-added">
          Your recovery wallet <span className="mono">{wallet}</span> is a second owner of this account. If
          you lose the passkey, connect that wallet here and choose &quot;Recover with my wallet&quot;: it
          takes your tokens out, without ETH.
        </p>
      ) : (
        <>
          <p className="passkey__text">
            Add an ordinary wallet as a second owner of this account. If you lose the passkey, that wallet can
            take your tokens out: &quot;Recover with my wallet&quot; on this page. The brand pays the fee,
            once.
          </p>
          {owners.isPending || tokens === undefined ? (
            <p className="muted">Loading…</p>
          ) : !context ? (
            <p className="passkey__hint">Claim a token into this account first.</p>
          ) : (
            <form className="passkey-send" onSubmit={(event) => void submit(event)}>
              <WalletAddressField
                name="recovery"
                value={to}
                hint="Any ordinary wallet you keep. Your passkey signs once."
                onChange={(value) => {
                  setTo(value);
                  setProblem(null);
                }}
              />
              <button type="submit" className="chip-button" disabled={busy || to.trim() === ''}>
                Add as recovery wallet
              </button>
            </form>
          )}
        </>
      )}
      {step && (
        <p className="chip-progress" aria-live="polite">
          {step}
        </p>
      )}
      {problem && (
        <p className="chip-notice chip-notice--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
