import type { Hex } from 'viem';
import type { WalletKeyStore } from './builtInProvider.js';

/** localStorage keys of the built-in wallet. */
export const WALLET_KEY_STORAGE_KEY = 'metatag:built-in-wallet:key';
export const WALLET_CHAIN_STORAGE_KEY = 'metatag:built-in-wallet:chain';

const PRIVATE_KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

export interface BrowserWalletKeyStore extends WalletKeyStore {
  savePrivateKey(key: Hex): void;
  hasPrivateKey(): boolean;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The built-in wallet's key and chain in (local) storage. The key stays in this browser only: it is
 * never sent anywhere. Storage that throws (disabled) behaves as empty.
 */
export function createWalletKeyStore(storage: KeyValueStorage | undefined): BrowserWalletKeyStore {
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => {
    try {
      storage?.setItem(key, value);
    } catch {
      // Without storage the wallet lives as long as nothing reads it back; nothing more to do.
    }
  };
  const store: BrowserWalletKeyStore = {
    getPrivateKey() {
      const value = read(WALLET_KEY_STORAGE_KEY);
      return value && PRIVATE_KEY_PATTERN.test(value) ? (value as Hex) : null;
    },
    savePrivateKey(key) {
      if (!PRIVATE_KEY_PATTERN.test(key)) throw new Error('not a private key');
      write(WALLET_KEY_STORAGE_KEY, key);
    },
    hasPrivateKey: () => store.getPrivateKey() !== null,
    getChainId() {
      const value = Number(read(WALLET_CHAIN_STORAGE_KEY));
      return Number.isSafeInteger(value) && value > 0 ? value : null;
    },
    setChainId(chainId) {
      write(WALLET_CHAIN_STORAGE_KEY, String(chainId));
    },
  };
  return store;
}

export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
