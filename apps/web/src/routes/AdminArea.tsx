import { Outlet, useParams } from 'react-router';
import { isChainName } from '../lib/chains.js';
import { WalletBoundary } from '../providers/WalletBoundary.js';
import { NotFound } from './NotFound.js';

/**
 * `/{chain}/admin/*` and `/admin/*`: admin pages need wallets, so the wagmi provider is loaded here
 * and only here. A first segment that is not a chain is an unknown path.
 */
export function AdminArea() {
  const { chain } = useParams();
  if (chain !== undefined && !isChainName(chain)) return <NotFound />;
  return (
    <WalletBoundary>
      <Outlet />
    </WalletBoundary>
  );
}
