import { useCallback, useState } from 'react';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { builtInWalletStore } from '../providers/wagmiConfig.js';
import { errorDetail } from '../session/loginOutcome.js';
import { REPLACE_WALLET_QUESTION, WALLET_GENERATION_DELAY_MS, createNewWallet } from './newWallet.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The NEW WALLET button's action: 'generating…' for 2000 ms, then a new built-in wallet. */
export function useNewWallet(chain: ChainName) {
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = useCallback(async () => {
    if (builtInWalletStore.hasPrivateKey() && !window.confirm(REPLACE_WALLET_QUESTION)) return;
    setGenerating(true);
    setError(null);
    try {
      await delay(WALLET_GENERATION_DELAY_MS);
      await createNewWallet(CHAIN_IDS[chain]);
    } catch (reason) {
      // Wallet errors in the admin area are alerted (spec section 8).
      const message = errorDetail(reason) ?? 'cannot create a wallet';
      setError(message);
      window.alert(message);
    } finally {
      setGenerating(false);
    }
  }, [chain]);

  return { create, generating, error };
}
