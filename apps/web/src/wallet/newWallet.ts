import { generatePrivateKey } from 'viem/accounts';
import { connect, switchAccount } from 'wagmi/actions';
import { builtInWalletProvider, builtInWalletStore, wagmiConfig } from '../providers/wagmiConfig.js';
import { BUILT_IN_WALLET_ID } from './builtInConnector.js';

/** Spec section 9: the wallet generation's (fake) delay, shown as 'generating…'. */
export const WALLET_GENERATION_DELAY_MS = 2000;

export { REPLACE_WALLET_QUESTION } from './replaceQuestion.js';

type ChainId = (typeof wagmiConfig.chains)[number]['id'];

export function builtInConnector() {
  const connector = wagmiConfig.connectors.find((item) => item.id === BUILT_IN_WALLET_ID);
  if (!connector) throw new Error('the built-in wallet connector is not configured');
  return connector;
}

/**
 * NEW WALLET: a real private key (viem generatePrivateKey) is created, kept in localStorage, and the
 * built-in wallet is connected with it on the given chain (or, when it already was, its new
 * account is announced).
 */
export async function createNewWallet(chainId: ChainId): Promise<void> {
  builtInWalletStore.savePrivateKey(generatePrivateKey());
  const connector = builtInConnector();
  const { connections, current } = wagmiConfig.state;
  if (connections.has(connector.uid)) {
    builtInWalletProvider.announceAccounts();
    if (current !== connector.uid) await switchAccount(wagmiConfig, { connector });
    return;
  }
  await connect(wagmiConfig, { connector, chainId });
}
