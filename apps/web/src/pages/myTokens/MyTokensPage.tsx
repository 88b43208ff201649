import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { PasskeyToken } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import {
  describeSponsoredFailure,
  findPasskey,
  sendOutCall,
  sendSponsored,
} from '../../passkey/passkeyAccount.js';
import { AddRecoveryWallet } from '../../passkey/AddRecoveryWallet.js';
import { readPasskey, writePasskey, type StoredPasskey } from '../../passkey/passkeyStore.js';
import { SendToWallet } from '../../passkey/SendToWallet.js';
import { useAccountTokens } from '../../passkey/useAccountTokens.js';
import { loadChunk } from '../../lib/chunkLoad.js';
import '../../passkey/passkey.css';

/** wagmi and the wallet modal: only when a visitor without the passkey asks to recover with a wallet. */
const LazyRecoverWithWallet = lazy(() =>
  loadChunk(() => import('../../passkey/RecoverWithWallet.js')).then((m) => ({
    default: m.RecoverWithWallet,
  })),
);

/**
 * `/{chain}/my-tokens` (issue #29 item 4), public: the tokens a passkey account holds (the chain index,
 * `GET /json/{chain}/tokens-of/{account}`), each with 'Send to my wallet', and the account's recovery
 * wallet (decision 111). The account is the one this browser remembers, or the one 'I already have a
 * passkey' finds. Without the passkey, 'Recover with my wallet' lets the recovery wallet take the tokens.
 */
export function MyTokensPage() {
  const chain = useChain();
  const [passkey, setPasskey] = useState<StoredPasskey | null>(() => readPasskey());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recovering, setRecovering] = useState(false);

  const find = async () => {
    setBusy(true);
    setError(null);
    try {
      setPasskey(await findPasskey(chain));
    } catch (failure) {
      setError(describeSponsoredFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="my-tokens" aria-labelledby="my-tokens-title">
      <h1 id="my-tokens-title" className="page-title">
        My tokens
      </h1>
      {passkey ? (
        <>
          <p className="passkey__account">
            Your passkey account:{' '}
            <span className="mono" data-testid="my-tokens-account">
              {passkey.account}
            </span>
          </p>
          <p className="passkey__hint">
            Your passkey opens this account. Your phone&apos;s passkey manager keeps it and syncs it to your
            other devices: on another device, choose &quot;I already have a passkey&quot;. The brand pays the
            fees of sending a token to your wallet.
          </p>
          <TokenList chain={chain} passkey={passkey} />
          <RecoveryWallet chain={chain} passkey={passkey} />
          <button
            type="button"
            className="chip-button chip-button--secondary"
            onClick={() => {
              writePasskey(null);
              setPasskey(null);
            }}
          >
            Forget this passkey here
          </button>
        </>
      ) : (
        <>
          <p className="passkey__text">
            A passkey account holds the NFTs you claimed with a passkey, without a wallet. Tap a chip and
            choose &quot;Use a passkey&quot; to get one.
          </p>
          <p className="passkey__hint">
            Your phone&apos;s passkey manager syncs the passkey to your other devices: on any of them, choose
            &quot;I already have a passkey&quot;. Lost the passkey? A wallet you added as recovery wallet can
            take your tokens out.
          </p>
          <div className="chip-actions">
            <button type="button" className="chip-button" disabled={busy} onClick={() => void find()}>
              I already have a passkey
            </button>
            {!recovering && (
              <button
                type="button"
                className="chip-button chip-button--secondary"
                onClick={() => setRecovering(true)}
              >
                Recover with my wallet
              </button>
            )}
          </div>
          {recovering && (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <LazyRecoverWithWallet chain={chain} />
            </Suspense>
          )}
        </>
      )}
      {error && (
        <p className="chip-notice chip-notice--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function RecoveryWallet({ chain, passkey }: { chain: ChainName; passkey: StoredPasskey }) {
  const tokens = useAccountTokens(chain, passkey.account);
  return <AddRecoveryWallet chain={chain} passkey={passkey} tokens={tokens.data} />;
}

function TokenList({ chain, passkey }: { chain: ChainName; passkey: StoredPasskey }) {
  // the sent token leaves the list once the index has it: what happened is said above the list
  const [sent, setSent] = useState<string | null>(null);
  const tokens = useAccountTokens(chain, passkey.account);
  const notice = sent && (
    <p className="my-tokens__sent" role="status" data-testid="my-tokens-sent">
      {sent}
    </p>
  );
  if (tokens.isPending) return <p className="muted">Loading…</p>;
  if (tokens.isError)
    return (
      <p className="chip-notice chip-notice--error" role="alert">
        {tokens.error instanceof Error ? tokens.error.message : 'server error'}
      </p>
    );
  if (tokens.data.length === 0)
    return (
      <>
        {notice}
        <p className="passkey__text" data-testid="my-tokens-empty">
          No tokens in this account on {chain}.
        </p>
      </>
    );
  return (
    <>
      {notice}
      <ul className="my-tokens__list" data-testid="my-tokens-list">
        {tokens.data.map((token) => (
          <TokenItem
            key={`${token.collection}:${token.tokenId}`}
            chain={chain}
            passkey={passkey}
            token={token}
            onSent={(text) => {
              setSent(text);
              // the query shows its own state; the sent notice is already on the page
              void tokens.refetch();
            }}
          />
        ))}
      </ul>
    </>
  );
}

function TokenItem({
  chain,
  passkey,
  token,
  onSent,
}: {
  chain: ChainName;
  passkey: StoredPasskey;
  token: PasskeyToken;
  onSent: (text: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const page = `/${token.type === 'chip' ? 'tag' : 'link'}/${token.id}`;

  const send = async (to: string) => {
    setBusy(true);
    setError(null);
    setStep('Sending to your wallet…');
    try {
      await sendSponsored(
        chain,
        passkey,
        token.id,
        sendOutCall(token.collection, passkey.account, to, token.tokenId),
      );
      setStep(`Sent to ${to}.`);
      onSent(`Token #${token.tokenId} was sent to ${to}.`);
    } catch (failure) {
      setStep(null);
      setError(describeSponsoredFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="passkey" data-testid={`my-token-${token.tokenId}`}>
      <p className="my-tokens__name">
        <Link to={page}>{token.title || 'No Name'}</Link>
      </p>
      <p className="passkey__hint">
        Token #{token.tokenId}
        {token.locked ? ' · locked' : ''}
      </p>
      <SendToWallet account={passkey.account} busy={busy} onSend={send} />
      {step && (
        <p className="chip-progress" aria-live="polite">
          {step}
        </p>
      )}
      {error && (
        <p className="chip-notice chip-notice--error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
