import { getAddress, numberToHex, SwitchChainError, type Address } from 'viem';
import { ChainNotConfiguredError, createConnector } from 'wagmi';
import type { BuiltInProvider } from './builtInProvider.js';

export const BUILT_IN_WALLET_ID = 'metatagWallet';
export const BUILT_IN_WALLET_NAME = 'MetaTag wallet';

type StorageItem = { [BUILT_IN_DISCONNECTED]: true };
const BUILT_IN_DISCONNECTED = `${BUILT_IN_WALLET_ID}.disconnected` as const;

/**
 * The built-in wallet (NEW WALLET) as a wagmi connector, beside injected browser wallets. It is
 * authorized (reconnects after a reload) while a key exists and it was not disconnected.
 */
export function builtInWallet(provider: BuiltInProvider) {
  return createConnector<BuiltInProvider, Record<string, unknown>, StorageItem>((config) => {
    let accountsChanged: ((accounts: string[]) => void) | undefined;
    let chainChanged: ((chainId: string) => void) | undefined;

    return {
      id: BUILT_IN_WALLET_ID,
      name: BUILT_IN_WALLET_NAME,
      type: 'builtIn',

      async connect({ chainId } = {}) {
        const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as Address[];
        if (chainId !== undefined && chainId !== provider.getChainId()) {
          await this.switchChain?.({ chainId });
        }
        if (!accountsChanged) {
          accountsChanged = this.onAccountsChanged.bind(this);
          provider.on('accountsChanged', accountsChanged);
        }
        if (!chainChanged) {
          chainChanged = this.onChainChanged.bind(this);
          provider.on('chainChanged', chainChanged);
        }
        await config.storage?.removeItem(BUILT_IN_DISCONNECTED);
        // The generic return type depends on `withCapabilities`, which this connector ignores.
        return {
          accounts: accounts.map((account) => getAddress(account)),
          chainId: provider.getChainId(),
        } as never;
      },

      async disconnect() {
        if (accountsChanged) provider.removeListener('accountsChanged', accountsChanged);
        if (chainChanged) provider.removeListener('chainChanged', chainChanged);
        accountsChanged = undefined;
        chainChanged = undefined;
        await config.storage?.setItem(BUILT_IN_DISCONNECTED, true);
      },

      async getAccounts() {
        const accounts = (await provider.request({ method: 'eth_accounts' })) as Address[];
        return accounts.map((account) => getAddress(account));
      },

      async getChainId() {
        return provider.getChainId();
      },

      async getProvider() {
        return provider;
      },

      async isAuthorized() {
        if (await config.storage?.getItem(BUILT_IN_DISCONNECTED)) return false;
        return provider.getAddress() !== null;
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((item) => item.id === chainId);
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
        // While connected, the provider's chainChanged event tells wagmi (onChainChanged).
        await provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        });
        return chain;
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect();
        else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) });
      },

      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) });
      },

      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}
