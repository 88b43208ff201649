/**
 * The passkey a visitor chose on this browser (issue #29): its credential id and public key, and the
 * account the server computed from them. No secret: the private key never leaves the authenticator
 * (the platform's passkey manager, synced to the visitor's other devices). A page that finds it knows
 * the visitor's account on return.
 */
/** The same key as pages/chip/rememberedWallet.ts's (the chip page's early check; a test compares them). */
export const PASSKEY_STORAGE_KEY = 'metatag.passkey';

export interface StoredPasskey {
  credentialId: string;
  /** The P-256 public key, 0x04 ‖ x ‖ y. */
  publicKey: string;
  /** The smart account (a Safe whose owner is the passkey), lower-case. */
  account: string;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readPasskey(from: Pick<Storage, 'getItem'> | undefined = storage()): StoredPasskey | null {
  try {
    const value = JSON.parse(from?.getItem(PASSKEY_STORAGE_KEY) ?? 'null') as Partial<StoredPasskey> | null;
    return value &&
      typeof value.credentialId === 'string' &&
      typeof value.publicKey === 'string' &&
      typeof value.account === 'string'
      ? { credentialId: value.credentialId, publicKey: value.publicKey, account: value.account }
      : null;
  } catch {
    return null;
  }
}

export function writePasskey(
  passkey: StoredPasskey | null,
  to: Pick<Storage, 'setItem' | 'removeItem'> | undefined = storage(),
) {
  try {
    if (passkey) to?.setItem(PASSKEY_STORAGE_KEY, JSON.stringify(passkey));
    else to?.removeItem(PASSKEY_STORAGE_KEY);
  } catch {
    // private mode without storage: the page asks for the passkey again next time
  }
}
