import { useState } from 'react';
import { useAccount, useConfig, useSwitchChain } from 'wagmi';
import { connect } from 'wagmi/actions';
import { Button } from '@metatag/ui';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { shortAddress } from '../lib/format.js';
import { walletNotOnChain } from '../lib/texts.js';
import { builtInWalletStore } from '../providers/wagmiConfig.js';
import { describeChainError } from '../lib/chainErrors.js';
import { NO_BROWSER_WALLET } from '../session/loginOutcome.js';
import { MUST_CONNECT } from './RequireWallet.js';
import { findLoginConnector } from './walletLogin.js';
import './walletChainNotice.css';

/**
 * The wallet a page's transactions are sent from: its address, or 'You must connect' with a
 * "Connect wallet" action, and 'Your wallet is not in the {chain} chain.' with a "Switch to {chain}"
 * action when it is on another chain (spec section 5: the transaction is not sent then).
 */
export function WalletChainNotice({ chain }: { chain: ChainName }) {
  const config = useConfig();
  const { address, chainId, status } = useAccount();
  const switchChain = useSwitchChain();
  const [connecting, setConnecting] = useState(false);
  const wanted = CHAIN_IDS[chain];

  const connectWallet = async () => {
    setConnecting(true);
    try {
      const connector = await findLoginConnector(config, builtInWalletStore.hasPrivateKey());
      if (!connector) {
        window.alert(NO_BROWSER_WALLET);
        return;
      }
      await connect(config, { connector, chainId: wanted });
    } catch (error) {
      window.alert(describeChainError(error));
    } finally {
      setConnecting(false);
    }
  };

  if (status === 'connecting' || status === 'reconnecting') {
    return <p className="wallet-notice muted" aria-busy="true" />;
  }
  if (status !== 'connected' || !address) {
    return (
      <div className="wallet-notice" data-testid="wallet-notice">
        <span>{MUST_CONNECT}</span>
        <Button variant="secondary" onClick={() => void connectWallet()} disabled={connecting}>
          Connect wallet
        </Button>
      </div>
    );
  }
  if (chainId !== wanted) {
    return (
      <div className="wallet-notice wallet-notice--wrong-chain" data-testid="wallet-notice" role="alert">
        <span>{walletNotOnChain(chain)}</span>
        <Button
          variant="secondary"
          disabled={switchChain.isPending}
          onClick={() =>
            switchChain.switchChain(
              { chainId: wanted },
              { onError: (error) => window.alert(describeChainError(error)) },
            )
          }
        >
          Switch to {chain}
        </Button>
      </div>
    );
  }
  return (
    <p className="wallet-notice muted" data-testid="wallet-notice">
      Transactions are sent from <span title={address}>{shortAddress(address)}</span> on {chain}.
    </p>
  );
}
