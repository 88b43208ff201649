import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAccount, useConfig } from 'wagmi';
import { getWalletClient, switchChain } from 'wagmi/actions';
import type { PasskeyToken } from '@metatag/api-types';
import { unwrap } from '../lib/api.js';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { typedApi } from '../lib/typedApi.js';
import { WalletModal } from '../pages/chip/WalletModal.js';
import { WalletBoundary } from '../providers/WalletBoundary.js';
import { SEND_TO_MY_WALLET } from './SendToWallet.js';
import { useAccountTokens } from './useAccountTokens.js';
import { describeSponsoredFailure, lockCall, sendAsRecoveryWallet, sendOutCall } from './passkeyAccount.js';
import '../pages/chip/chip.css';

/**
 * 'Recover with my wallet' on My tokens (decision 111), for a device without the passkey: the visitor
 * connects the wallet their passkey added as second owner; the page lists the accounts the server
 * recorded that add for and the chain confirms (`GET /json/{chain}/recoverable-by/{wallet}`), with
 * their tokens; 'Send to my wallet' moves each token to the wallet in a user operation the WALLET signs
 * (the Safe's other owner) and the brand pays: the wallet needs no ETH. A chunk of its own (wagmi and
 * the chip page's wallet modal), loaded when the visitor asks.
 */
export function RecoverWithWallet({ chain }: { chain: ChainName }) {
  return (
    <WalletBoundary>
      <Recover chain={chain} />
    </WalletBoundary>
  );
}

function Recover({ chain }: { chain: ChainName }) {
  const account = useAccount();
  const [modalOpen, setModalOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wallet = account.status === 'connected' && account.address ? account.address.toLowerCase() : null;
  const accounts = useQuery({
    queryKey: ['recoverable', chain, wallet],
    enabled: !!wallet,
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('passkeyRecoverable', { params: { chain, address: wallet! } }, { signal }))
        .accounts,
    staleTime: 0,
    refetchInterval: 10_000,
  });

  return (
    <section className="passkey" data-testid="recover-with-wallet" aria-labelledby="recover-title">
      <h2 id="recover-title" className="passkey__title">
        Recover with my wallet
      </h2>
      {!wallet ? (
        <>
          <p className="passkey__text">
            Lost your passkey? If you added a recovery wallet to your passkey account, connect that wallet: it
            can take your tokens out. No ETH needed.
          </p>
          <button type="button" className="chip-button" onClick={() => setModalOpen(true)}>
            Connect Wallet
          </button>
        </>
      ) : (
        <>
          <p className="passkey__account">
            Your wallet:{' '}
            <span className="mono" data-testid="recover-wallet">
              {wallet}
            </span>
          </p>
          {accounts.isPending ? (
            <p className="muted">Loading…</p>
          ) : accounts.isError ? (
            <p className="chip-notice chip-notice--error" role="alert">
              {accounts.error instanceof Error ? accounts.error.message : 'server error'}
            </p>
          ) : accounts.data.length === 0 ? (
            <p className="passkey__text" data-testid="recover-none">
              This wallet is not the recovery wallet of a passkey account on {chain} yet. Add it from My
              tokens on the device with your passkey.
            </p>
          ) : (
            accounts.data.map((safe) => (
              <RecoverableAccount key={safe} chain={chain} account={safe} wallet={wallet} />
            ))
          )}
        </>
      )}
      {error && (
        <p className="chip-notice chip-notice--error" role="alert">
          {error}
        </p>
      )}
      {modalOpen && !wallet && (
        <WalletModal
          chain={chain}
          pageUrl={window.location.href}
          onClose={() => setModalOpen(false)}
          onError={setError}
        />
      )}
    </section>
  );
}

function RecoverableAccount({
  chain,
  account,
  wallet,
}: {
  chain: ChainName;
  account: string;
  wallet: string;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const tokens = useAccountTokens(chain, account);
  return (
    <div className="my-tokens__account" data-testid={`recover-account-${account}`}>
      <p className="passkey__account">
        Passkey account: <span className="mono">{account}</span>
      </p>
      {sent && (
        <p className="my-tokens__sent" role="status" data-testid="recover-sent">
          {sent}
        </p>
      )}
      {tokens.isPending ? (
        <p className="muted">Loading…</p>
      ) : tokens.isError ? (
        <p className="chip-notice chip-notice--error" role="alert">
          {tokens.error instanceof Error ? tokens.error.message : 'server error'}
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="passkey__text">No tokens left in this account on {chain}.</p>
      ) : (
        <ul className="my-tokens__list">
          {tokens.data.map((token) => (
            <RecoverableToken
              key={`${token.collection}:${token.tokenId}`}
              chain={chain}
              account={account}
              wallet={wallet}
              token={token}
              onSent={(text) => {
                setSent(text);
                // the query shows its own state; the sent notice is already on the page
                void tokens.refetch();
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function RecoverableToken({
  chain,
  account,
  wallet,
  token,
  onSent,
}: {
  chain: ChainName;
  account: string;
  wallet: string;
  token: PasskeyToken;
  onSent: (text: string) => void;
}) {
  const config = useConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      // a browser wallet signs typed data for its current chain: the Safe operation names this one
      const chainId = CHAIN_IDS[chain];
      const client = await getWalletClient(config);
      if (client.chain.id !== chainId) await switchChain(config, { chainId }).catch(() => undefined);
      const signer = await getWalletClient(config, { chainId });
      // a locked token cannot move: the wallet unlocks it first (sponsored like the passkey's unlock)
      if (token.locked)
        await sendAsRecoveryWallet(
          chain,
          signer,
          account,
          token.id,
          lockCall(token.collection, token.tokenId, false),
        );
      await sendAsRecoveryWallet(
        chain,
        signer,
        account,
        token.id,
        sendOutCall(token.collection, account, wallet, token.tokenId),
      );
      onSent(`Token #${token.tokenId} was sent to ${wallet}.`);
    } catch (failure) {
      setError(
        /user rejected|denied|4001/i.test(String(failure))
          ? 'The wallet did not sign. Try again.'
          : describeSponsoredFailure(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="passkey" data-testid={`recover-token-${token.tokenId}`}>
      <p className="my-tokens__name">{token.title || 'No Name'}</p>
      <p className="passkey__hint">
        Token #{token.tokenId}
        {token.locked ? ' · locked' : ''}
      </p>
      <button type="button" className="chip-button" disabled={busy} onClick={() => void send()}>
        {busy ? 'Sending to your wallet…' : SEND_TO_MY_WALLET}
      </button>
      {error && (
        <p className="chip-notice chip-notice--error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
