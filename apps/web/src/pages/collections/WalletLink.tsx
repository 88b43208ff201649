import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAccount, useConfig } from 'wagmi';
import { Button } from '@metatag/ui';
import { HexValue } from '../../components/HexValue.js';
import type { ChainName } from '../../lib/chains.js';
import { CURRENT_USER_QUERY_KEY } from '../../session/currentUser.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { linkConnectedWallet, walletsOf } from './ownerProofs.js';

type LinkState =
  { step: 'idle' } | { step: 'signing' } | { step: 'linked' } | { step: 'failed'; error: string };

/**
 * The account's wallet: a collection is attached only to an account that controls its owner, so a
 * password account links the wallet it deploys from. The connected wallet signs an EIP-712
 * "link this wallet to account N" message; the server checks the signature and links it.
 */
export function WalletLink({ chain }: { chain: ChainName }) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { address, status } = useAccount();
  const [state, setState] = useState<LinkState>({ step: 'idle' });
  if (!user) return null;
  const wallets = walletsOf(user);
  const connected = status === 'connected' && address ? address.toLowerCase() : undefined;
  const linkable = connected !== undefined && !wallets.includes(connected);

  const link = async () => {
    setState({ step: 'signing' });
    try {
      const updated = await linkConnectedWallet(config, chain, user.id);
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { ...user, ...updated });
      setState({ step: 'linked' });
    } catch (error) {
      const message = errorDetail(error) ?? 'server error';
      setState({ step: 'failed', error: message });
      window.alert(message);
    }
  };

  return (
    <section className="wallet-link" aria-labelledby="wallet-link-title">
      <h2 id="wallet-link-title" className="section-title">
        Your wallet
      </h2>
      {wallets.length > 0 ? (
        <p>
          Collections owned by{' '}
          {wallets.map((w, i) => (
            <span key={w}>
              {i > 0 && ' or '}
              <HexValue value={w} chain={chain} testId="account-wallet" />
            </span>
          ))}{' '}
          can be attached to your account.
        </p>
      ) : (
        <p className="muted" data-testid="no-wallet">
          No wallet is linked to your account yet. A collection is attached only to the account of its owner:
          link the wallet you deploy from.
        </p>
      )}
      {linkable && (
        <p className="wallet-link__action">
          <Button variant="secondary" onClick={() => void link()} disabled={state.step === 'signing'}>
            Link the connected wallet
          </Button>
          <span className="muted">
            {' '}
            Your wallet signs a message for account {user.id}; nothing is sent to the chain.
          </span>
        </p>
      )}
      {connected === undefined && wallets.length === 0 && (
        <p className="muted">Connect a wallet (NEW WALLET or your browser wallet) to link it.</p>
      )}
      {state.step === 'signing' && (
        <p className="muted" aria-busy="true">
          Sign the message in your wallet…
        </p>
      )}
      {state.step === 'linked' && (
        <p className="notice" role="status">
          Wallet linked to your account.
        </p>
      )}
      {state.step === 'failed' && (
        <p className="mt-error-text" role="alert">
          {state.error}
        </p>
      )}
    </section>
  );
}
