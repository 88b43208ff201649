import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from 'wagmi';
import { Button } from '@metatag/ui';
import { typedApi } from '../../lib/typedApi.js';
import { useChain } from '../../lib/useChain.js';
import { WalletBoundary } from '../../providers/WalletBoundary.js';
import { builtInWalletStore } from '../../providers/wagmiConfig.js';
import { startSession } from '../../session/currentUser.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { loginWithWallet } from '../../wallet/walletLogin.js';
import { utilityOutcome } from './utilityOutcome.js';
import { ADDRESS_PATTERN } from '@metatag/api-types';
import './utilityCheck.css';

/**
 * `/{chain}/utility-check/{nft_id}` (spec sections 2, 5, 6): a browser-wallet sign-in, then
 * `POST /is_i_owner`. The server decides from the signed-in wallet; the page only follows its answer.
 */
/** Below the wagmi provider, loaded on demand (WalletBoundary), as the admin area is. */
export function UtilityCheckPage() {
  return (
    <WalletBoundary>
      <UtilityCheck />
    </WalletBoundary>
  );
}

function UtilityCheck() {
  const chain = useChain();
  const { nftId = '' } = useParams();
  const config = useConfig();
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');

  const check = async () => {
    if (pending) return;
    setPending(true);
    setMessage('');
    try {
      let address = walletOf(me);
      if (!address) {
        const login = await loginWithWallet(config, {
          builtInHasKey: builtInWalletStore.hasPrivateKey(),
        });
        if (!login.ok) {
          setMessage(login.message);
          if (login.alert) window.alert(login.message);
          return;
        }
        address = walletOf(await startSession(queryClient));
      }
      if (!address) {
        setMessage('cannot get user address');
        return;
      }
      const reply = await typedApi.call('isIOwner', { body: { nft_id: nftId, address, chain } });
      const outcome = utilityOutcome(reply);
      if (outcome.kind === 'redirect') window.location.assign(outcome.url);
      else if (outcome.kind === 'message') setMessage(outcome.text);
      else window.alert(outcome.text);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="utility-check" aria-labelledby="utility-title">
      <h1 id="utility-title" className="page-title">
        Utility check
      </h1>
      <p>Sign in with your browser wallet to prove you own NFT #{nftId} and open its utility.</p>
      {walletOf(me) ? (
        <p className="muted" data-testid="utility-wallet">
          Signed in as {walletOf(me)}
        </p>
      ) : null}
      <Button onClick={() => void check()} disabled={pending} data-testid="utility-check">
        {pending ? 'Checking…' : 'Check ownership'}
      </Button>
      {message ? (
        <p className="mt-error-text" role="alert" data-testid="utility-error">
          {message}
        </p>
      ) : null}
    </section>
  );
}

/** The wallet a session proves: a wallet sign-in's address, or an account's linked wallet. */
function walletOf(user: { address: string; userAddress?: string | null } | null | undefined): string {
  if (!user) return '';
  const own = user.address.toLowerCase();
  if (ADDRESS_PATTERN.test(own)) return own;
  const linked = (user.userAddress ?? '').toLowerCase();
  return ADDRESS_PATTERN.test(linked) ? linked : '';
}
