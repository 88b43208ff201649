import { WALLET_KEY_STORAGE_KEY } from '../../wallet/walletKeyStore.js';

/** wagmi's storage key of the last connector used (its default storage: localStorage, prefix 'wagmi'). */
const WAGMI_RECENT_CONNECTOR_KEY = 'wagmi.recentConnectorId';

/**
 * Whether this browser connected a wallet before (a built-in wallet key, or wagmi's last connector):
 * then the chip page loads its wallet code right after the first paint to show the visitor's wallet;
 * otherwise only when the visitor asks to connect.
 */
export function hasRememberedWallet(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): boolean {
  if (!storage) return false;
  try {
    return (
      storage.getItem(WALLET_KEY_STORAGE_KEY) !== null || storage.getItem(WAGMI_RECENT_CONNECTOR_KEY) !== null
    );
  } catch {
    return false;
  }
}

/** Where the chosen passkey is remembered (passkey/passkeyStore.ts; credential id and public key, no secret). */
export const PASSKEY_STORAGE_KEY = 'metatag.passkey';

/** Whether this browser chose a passkey before (issue #29): the chip page then loads its passkey panel. */
export function hasRememberedPasskey(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): boolean {
  try {
    return !!storage && storage.getItem(PASSKEY_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
