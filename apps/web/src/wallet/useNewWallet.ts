import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { describeChainError } from '../lib/chainErrors.js';
import { networksQuery } from '../lib/networks.js';
import { builtInWalletStore } from '../providers/wagmiConfig.js';
import { WALLET_GENERATION_DELAY_MS, createNewWallet } from './newWallet.js';
import { replaceQuestion } from './replaceQuestion.js';
import { readHoldings } from './walletHoldings.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The NEW WALLET button's action: 'generating…' for 2000 ms, then a new built-in wallet. Replacing a
 * key is confirmed first, with what the current wallet holds read from the chain (funds, tokens of
 * the default collection, transactions sent): its key is deleted, so the user can export it first.
 */
export function useNewWallet(chain: ChainName) {
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = useCallback(async () => {
    if (builtInWalletStore.hasPrivateKey()) {
      setChecking(true);
      let question: string;
      try {
        const networks = await queryClient.fetchQuery(networksQuery).catch(() => undefined);
        const holdings = await readHoldings(chain, networks?.[chain]?.defaultCollection ?? '');
        question = holdings ? replaceQuestion(chain, holdings) : replaceQuestion(chain, { address: '0x' });
      } finally {
        setChecking(false);
      }
      if (!window.confirm(question)) return;
    }
    setGenerating(true);
    setError(null);
    try {
      await delay(WALLET_GENERATION_DELAY_MS);
      await createNewWallet(CHAIN_IDS[chain]);
    } catch (reason) {
      // Wallet errors in the admin area are alerted (spec section 8).
      const message = describeChainError(reason);
      setError(message);
      window.alert(message);
    } finally {
      setGenerating(false);
    }
  }, [chain, queryClient]);

  return { create, generating, checking, error };
}
