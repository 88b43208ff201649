import { useEffect, useState } from 'react';
import { connect } from 'wagmi/actions';
import { useConfig, useConnectors } from 'wagmi';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { BUILT_IN_WALLET_ID } from '../../wallet/builtInConnector.js';
import { useNewWallet } from '../../wallet/useNewWallet.js';
import { INSTALL_WALLET } from './chipTexts.js';
import { walletLinks } from './walletLinks.js';

function hasInjectedProvider(): boolean {
  return (
    typeof window !== 'undefined' && 'ethereum' in window && !!(window as { ethereum?: unknown }).ethereum
  );
}

/**
 * Choose a wallet: the browser's wallets (EIP-6963 and window.ethereum), NEW WALLET (MetaTag's
 * built-in wallet), and the 9 recommended wallet apps (spec section 9), each a deep link that opens
 * this page in the app's own browser, carrying the visit's continuation credential (spec section 8:
 * "open this webpage in the wallet's browser"). Without a browser wallet it says so. Escape closes it
 * (spec section 9).
 */
export function WalletModal({
  chain,
  pageUrl,
  onClose,
  onError,
}: {
  chain: ChainName;
  /** The page as the wallet apps should open it. */
  pageUrl: string;
  onClose: () => void;
  onError: (message: string) => void;
}) {
  const config = useConfig();
  const connectors = useConnectors();
  const newWallet = useNewWallet(chain);
  const [busy, setBusy] = useState(false);
  const browserWallets = connectors.filter(
    (connector) =>
      connector.id !== BUILT_IN_WALLET_ID && (connector.id !== 'injected' || hasInjectedProvider()),
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const use = async (connector: (typeof connectors)[number]) => {
    setBusy(true);
    try {
      await connect(config, { connector, chainId: CHAIN_IDS[chain] });
      onClose();
    } catch (error) {
      onError(errorDetail(error) ?? 'cannot connect');
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    await newWallet.create();
    onClose();
  };

  return (
    <div className="chip-modal" role="presentation" onClick={onClose}>
      <div
        className="chip-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Connect Wallet"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 className="chip-modal__title">Connect Wallet</h2>
        {browserWallets.length === 0 ? (
          <p className="chip-modal__text" data-testid="install-wallet">
            {INSTALL_WALLET}
          </p>
        ) : (
          <ul className="chip-modal__list">
            {browserWallets.map((connector) => (
              <li key={connector.uid}>
                <button
                  type="button"
                  className="chip-button"
                  disabled={busy}
                  onClick={() => void use(connector)}
                >
                  {connector.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="chip-button chip-button--secondary"
          disabled={newWallet.generating}
          onClick={() => void create()}
        >
          {newWallet.generating ? 'generating…' : 'NEW WALLET'}
        </button>
        <h3 className="chip-modal__subtitle">Open in the wallet&apos;s browser</h3>
        <ul className="chip-modal__apps" data-testid="wallet-apps">
          {walletLinks(pageUrl).map((link) => (
            <li key={link.id}>
              <a className="chip-modal__app" href={link.href} data-wallet={link.id} rel="noreferrer">
                {link.name}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="chip-modal__close" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
    </div>
  );
}
