import { useEffect, useState } from 'react';
import { Button } from '@metatag/ui';
import { builtInWalletStore } from '../providers/wagmiConfig.js';
import './walletKey.css';

export const SHOW_KEY_QUESTION =
  'Show the private key of the built-in wallet? Anyone who sees it controls the wallet’s funds and tokens: keep it secret, store it offline.';

/**
 * KEY: the built-in wallet's private key, for a backup or to import it into another wallet. Shown only
 * after a confirmation, in a panel that closes with Escape; it never leaves the browser.
 */
export function WalletKeyExport() {
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!key) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setKey(null);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [key]);
  if (!builtInWalletStore.hasPrivateKey()) return null;

  const show = () => {
    if (!window.confirm(SHOW_KEY_QUESTION)) return;
    setCopied(false);
    setKey(builtInWalletStore.getPrivateKey());
  };
  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={show} title="Export the built-in wallet's private key">
        KEY
      </Button>
      {key && (
        <div className="wallet-key" role="dialog" aria-label="Built-in wallet key">
          <p className="wallet-key__warning">
            Private key of the built-in wallet. Anyone with it controls the wallet: keep it secret.
          </p>
          <input
            className="mt-input mono wallet-key__value"
            readOnly
            value={key}
            aria-label="Private key"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="wallet-key__actions">
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button onClick={() => setKey(null)}>Hide</Button>
          </div>
        </div>
      )}
    </>
  );
}
