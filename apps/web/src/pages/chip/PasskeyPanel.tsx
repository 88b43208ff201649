import { useState } from 'react';
import type { ChainName } from '../../lib/chains.js';
import {
  createPasskey,
  describeSponsoredFailure,
  findPasskey,
  lockCall,
  PasskeyError,
  sendOutCall,
  sendSponsored,
} from '../../passkey/passkeyAccount.js';
import { readPasskey, type StoredPasskey } from '../../passkey/passkeyStore.js';
import { SendToWallet } from '../../passkey/SendToWallet.js';
import type { ChiplinkType } from './chipActions.js';
import { fetchMintData, type ChiplinkLookupReply, type ChiplinkTokenState } from './chipApi.js';
import { CLAIM_OWNERSHIP, LOCK, UNLOCK } from './chipTexts.js';
import { postGaslessClaim, waitForOwner } from './gaslessClaim.js';
import { refusalText, unknownFailureText } from './mintFailure.js';
import { useToast } from './Toasts.js';
import '../../passkey/passkey.css';

export interface PasskeyPanelProps {
  type: ChiplinkType;
  lookup: ChiplinkLookupReply;
  chain: ChainName;
  token: ChiplinkTokenState | null | undefined;
  jwt: string | null;
  /** A gasless claim is possible now: no owner yet, and a verified tap (or a link). */
  canClaim: boolean;
  /** Claim Ownership is possible now: a chip's unlocked token another address owns, a verified tap. */
  canTakeOver?: boolean;
  onChanged: () => Promise<void>;
  onTransaction: (hash: string) => void;
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * 'Use a passkey' (issue #29): a visitor without a wallet gets an account that a passkey opens (a
 * smart account; the template's owner pays its fees). The token is claimed into it after the verified
 * tap; the account's token can then be locked, unlocked or sent to an ordinary wallet, and a chip's
 * token another address owns claimed (Claim Ownership), each one sponsored user operation the passkey
 * signs. A chunk of its own, loaded when the visitor asks for it
 * or when this browser remembers a passkey.
 */
export function PasskeyPanel(props: PasskeyPanelProps) {
  const { type, lookup, chain, token, jwt, canClaim, canTakeOver = false, onChanged, onTransaction } = props;
  const notify = useToast();
  const [passkey, setPasskey] = useState<StoredPasskey | null>(() => readPasskey());
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = lookup.chiplink.id;
  const tokenId = token?.tokenId ?? lookup.chiplink.tokenToMint;
  const owned = !!passkey && !!token?.owner && token.owner.toLowerCase() === passkey.account;

  const work = async (steps: string, action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setStep(steps);
    try {
      await action();
    } catch (failure) {
      setError(describeSponsoredFailure(failure));
    } finally {
      setStep(null);
      setBusy(false);
    }
  };

  const claim = async (into: StoredPasskey) => {
    setStep('Claiming into your passkey account…');
    const reply = await postGaslessClaim({ id, to: into.account, authtoken: jwt });
    if (!reply.ok)
      throw new PasskeyError(
        reply.reason ? refusalText(type, reply, lookup.nft.claimPhases) : unknownFailureText(type),
      );
    const minted = await waitForOwner(type, id, into.account);
    if (!minted) throw new PasskeyError(unknownFailureText(type));
    const hash = minted.txHash ?? reply.tx;
    if (hash) onTransaction(hash);
    await onChanged();
    notify('Confirmed', 'success');
  };

  /**
   * Claim Ownership into the passkey account: the chip page's transfer voucher for the account (after
   * this visit's tap), sent as one user operation the owner sponsors (the paymaster simulates it first).
   */
  const takeOver = async (into: StoredPasskey) => {
    if (token?.owner?.toLowerCase() === into.account) return;
    setStep('Claiming ownership into your passkey account…');
    const reply = await fetchMintData({ id, to: into.account, authtoken: jwt, isTransfer: true });
    if (!reply.ok) throw new PasskeyError(refusalText(type, reply, lookup.nft.claimPhases));
    const hash = await sendSponsored(chain, into, id, {
      to: reply.nft.collection as `0x${string}`,
      data: reply.data as `0x${string}`,
    });
    onTransaction(hash);
    await onChanged();
    notify('Confirmed', 'success');
  };

  /** Create or find the passkey, then claim (or claim ownership) into its account when the tap allows it. */
  const choose = (how: 'create' | 'find') =>
    work('Waiting for your passkey…', async () => {
      const chosen = how === 'create' ? await createPasskey(chain) : await findPasskey(chain);
      setPasskey(chosen);
      if (canClaim) await claim(chosen);
      else if (canTakeOver) await takeOver(chosen);
    });

  /** One sponsored user operation; the browser asks for the passkey, then the bundler sends it. */
  const sponsored = (text: string, call: { to: `0x${string}`; data: `0x${string}` }, after?: () => void) =>
    work(text, async () => {
      if (!passkey) return;
      const hash = await sendSponsored(chain, passkey, id, call);
      onTransaction(hash);
      after?.();
      await onChanged();
      notify('Confirmed', 'success');
    });

  const progress = (
    <>
      {step && (
        <p className="chip-progress" data-testid="passkey-step" aria-live="polite">
          {step}
        </p>
      )}
      {error && (
        <p className="chip-notice chip-notice--error" role="alert" data-testid="passkey-error">
          {error}
        </p>
      )}
    </>
  );

  if (!passkey)
    return (
      <section className="passkey" data-testid="passkey-panel" aria-label="Use a passkey">
        <h2 className="passkey__title">Use a passkey</h2>
        <p className="passkey__text">
          A passkey gives you an account for this NFT. No wallet, no ETH: the brand pays its fees.
        </p>
        <p className="passkey__hint">
          Your phone&apos;s passkey manager keeps the passkey and syncs it to your other devices: on another
          device, choose &quot;I already have a passkey&quot;. On My tokens you can add a wallet as a second
          owner: if the passkey is lost, that wallet takes your tokens out. &quot;Send to my wallet&quot;
          moves a token to any ordinary wallet, any time.
        </p>
        <div className="passkey__actions">
          <button type="button" className="chip-button" disabled={busy} onClick={() => void choose('create')}>
            Create a passkey
          </button>
          <button
            type="button"
            className="chip-button chip-button--secondary"
            disabled={busy}
            onClick={() => void choose('find')}
          >
            I already have a passkey
          </button>
        </div>
        {progress}
      </section>
    );

  return (
    <section className="passkey" data-testid="passkey-panel" aria-label="Your passkey account">
      <p className="passkey__account">
        Your passkey account:{' '}
        <span className="mono" data-testid="passkey-account" title={passkey.account}>
          {short(passkey.account)}
        </span>
      </p>
      {owned ? (
        <>
          <p className="passkey__text" data-testid="passkey-owns">
            It owns this NFT. The brand pays the fees of these actions.
          </p>
          <div className="passkey__actions">
            {type === 'chip' && (
              <button
                type="button"
                className="chip-button"
                disabled={busy}
                onClick={() =>
                  void sponsored(
                    token?.locked ? 'Unlocking…' : 'Locking…',
                    lockCall(lookup.smartContract, tokenId, !token?.locked),
                  )
                }
              >
                {token?.locked ? UNLOCK : LOCK}
              </button>
            )}
            <SendToWallet
              account={passkey.account}
              busy={busy}
              onSend={(to) =>
                sponsored(
                  'Sending to your wallet…',
                  sendOutCall(lookup.smartContract, passkey.account, to, tokenId),
                  () => setSentTo(to),
                )
              }
            />
          </div>
        </>
      ) : (
        <>
          {sentTo && (
            <p className="passkey__text" data-testid="passkey-sent">
              Sent to <span className="mono">{short(sentTo)}</span>.
            </p>
          )}
          {canClaim && !token?.owner && (
            <div className="passkey__actions">
              <button
                type="button"
                className="chip-button"
                disabled={busy}
                onClick={() => void work('Claiming…', () => claim(passkey))}
              >
                Claim with my passkey
              </button>
            </div>
          )}
          {canTakeOver && (
            <div className="passkey__actions">
              <button
                type="button"
                className="chip-button"
                disabled={busy}
                onClick={() => void work('Claiming…', () => takeOver(passkey))}
              >
                {CLAIM_OWNERSHIP}
              </button>
            </div>
          )}
        </>
      )}
      <p className="passkey__hint">
        <a href={`/${chain}/my-tokens`}>My tokens</a>: your tokens, and a recovery wallet in case you lose the
        passkey.
      </p>
      {progress}
    </section>
  );
}
