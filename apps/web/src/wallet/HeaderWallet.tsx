import { Button } from '@metatag/ui';
import { useAccount } from 'wagmi';
import { shortAddress } from '../lib/format.js';
import { useChain } from '../lib/useChain.js';
import { wagmiConfig } from '../providers/wagmiConfig.js';
import { useNewWallet } from './useNewWallet.js';
import { WalletKeyExport } from './WalletKeyExport.js';

/**
 * The header's wallet items (spec section 2): the connected wallet's short address, the connection
 * status (spec section 4: disconnected, connecting, reconnecting, connected) and NEW WALLET. Loaded
 * lazily, in the admin area only. The header sits outside the page's WagmiProvider, so the hooks
 * get the (shared, singleton) config explicitly; the state is the same.
 */
export function HeaderWallet() {
  const chain = useChain();
  const { address, status } = useAccount({ config: wagmiConfig });
  const newWallet = useNewWallet(chain);
  return (
    <div className="header__wallet">
      {address && status === 'connected' && (
        <span className="wallet-address" data-testid="wallet-address" title={address}>
          {shortAddress(address)}
        </span>
      )}
      <span
        className="wallet-status"
        data-testid="wallet-status"
        data-status={status}
        title="Wallet connection"
      >
        {status}
      </span>
      <Button
        variant="secondary"
        onClick={() => void newWallet.create()}
        disabled={newWallet.generating || newWallet.checking}
        aria-busy={newWallet.generating || newWallet.checking || undefined}
        title={newWallet.error ?? undefined}
      >
        {newWallet.generating ? 'generating…' : newWallet.checking ? 'checking…' : 'NEW WALLET'}
      </Button>
      <WalletKeyExport />
    </div>
  );
}
