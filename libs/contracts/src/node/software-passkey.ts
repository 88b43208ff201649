import { P256, PublicKey, Signature } from 'ox';
import { Authentication } from 'ox/webauthn';
import type { Hex } from 'viem';
import type { WebAuthnAccount } from 'viem/account-abstraction';

/**
 * A passkey held in memory, for tests and benchmarks outside a browser: it signs exactly what a WebAuthn
 * authenticator signs (sha256(authenticatorData ‖ sha256(clientDataJSON)) with the P-256 key, ox's
 * payload builder), so the account contract verifies it like a real assertion.
 */
export function softwarePasskey(options: { rpId?: string; origin?: string; privateKey?: Hex } = {}) {
  const rpId = options.rpId ?? 'localhost';
  const origin = options.origin ?? `http://${rpId}`;
  const privateKey = options.privateKey ?? P256.randomPrivateKey();
  const publicKey = PublicKey.toHex(P256.getPublicKey({ privateKey }));
  const id = `software-${publicKey.slice(4, 24)}`;
  const account: WebAuthnAccount = {
    id,
    publicKey,
    type: 'webAuthn',
    async sign({ hash }) {
      const { metadata, payload } = Authentication.getSignPayload({ challenge: hash, origin, rpId });
      const signature = P256.sign({ payload, privateKey, hash: true });
      return { signature: Signature.toHex(signature), webauthn: metadata, raw: {} as never };
    },
    async signMessage() {
      throw new Error('not used');
    },
    async signTypedData() {
      throw new Error('not used');
    },
  };
  return { account, privateKey, publicKey, id };
}
