import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAccount } from 'wagmi';
import { loginPath } from '../lib/adminPaths.js';
import { useChain } from '../lib/useChain.js';
import { PageLoading } from '../session/RequireUser.js';

/** Spec section 2 (Header): the text of pages that need a connected wallet when there is none. */
export const MUST_CONNECT = 'You must connect';

/**
 * For pages that need a connected wallet (use below a WalletBoundary): 'You must connect' with a
 * login link until a wallet is connected.
 */
export function RequireWallet({ children }: { children: ReactNode }) {
  const chain = useChain();
  const { status } = useAccount();
  if (status === 'connecting' || status === 'reconnecting') return <PageLoading />;
  if (status !== 'connected') {
    return (
      <div className="gate" data-testid="must-connect">
        <p className="gate__text">{MUST_CONNECT}</p>
        <Link to={loginPath(chain)}>Log in</Link>
      </div>
    );
  }
  return <>{children}</>;
}
