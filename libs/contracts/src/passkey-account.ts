import { toSafeSmartAccount } from 'permissionless/accounts';
import { parseAbi, type Address, type Hex } from 'viem';
import type { WebAuthnAccount } from 'viem/account-abstraction';
import { AA_ADDRESSES } from './account-abstraction.js';

/** The Safe's own owner management (Safe 1.4.1): a recovery wallet is added as a second owner. */
export const SAFE_OWNERS_ABI = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function getOwners() view returns (address[])',
  'function isOwner(address owner) view returns (bool)',
  'event AddedOwner(address indexed owner)',
]);

/** Our Safe contracts, the same for the passkey and for a recovery wallet acting on the same Safe. */
const SAFE_SETUP = {
  version: '1.4.1',
  entryPoint: { address: AA_ADDRESSES.entryPoint, version: '0.7' },
  safe4337ModuleAddress: AA_ADDRESSES.safe4337Module,
  safeProxyFactoryAddress: AA_ADDRESSES.safeProxyFactory,
  safeSingletonAddress: AA_ADDRESSES.safeSingleton,
  safeModuleSetupAddress: AA_ADDRESSES.safeModuleSetup,
  multiSendAddress: AA_ADDRESSES.multiSend,
  // Only single calls are sent; MultiSend serves both batch paths.
  multiSendCallOnlyAddress: AA_ADDRESSES.multiSend,
  safeWebAuthnSharedSignerAddress: AA_ADDRESSES.webAuthnSharedSigner,
  safeP256VerifierAddress: AA_ADDRESSES.p256Verifier,
} as const;

/**
 * A passkey account (issue #29): a Safe 1.4.1 with the Safe 4337 module whose single owner is the
 * WebAuthn shared signer configured with the passkey's P-256 public key. Its address is counterfactual
 * (CREATE2 from the owner's key), so a token can be minted to it before anything is deployed; the
 * first user operation deploys it. One account per passkey (salt nonce 0).
 */
export function toPasskeyAccount({
  client,
  owner,
}: {
  client: Parameters<typeof toSafeSmartAccount>[0]['client'];
  owner: WebAuthnAccount;
}) {
  return toSafeSmartAccount({ client, owners: [owner], ...SAFE_SETUP });
}

type SafeParameters = Parameters<typeof toSafeSmartAccount>[0];

/**
 * A passkey account acted on by its recovery wallet (decision 111): the same deployed Safe, signed by
 * the ordinary wallet its passkey added as a second owner (threshold 1: either owner acts alone). The
 * address is given, never computed: it follows from the passkey's key, not from the wallet.
 */
export function toRecoveryAccount({
  client,
  owner,
  address,
}: {
  client: SafeParameters['client'];
  owner: SafeParameters['owners'][number];
  address: Address;
}) {
  return toSafeSmartAccount({ client, owners: [owner], address, ...SAFE_SETUP });
}

/** An uncompressed P-256 public key as WebAuthn's COSE key gives it: 0x04 ‖ x ‖ y (65 bytes). */
export const PASSKEY_PUBLIC_KEY_PATTERN = /^0x04[0-9a-fA-F]{128}$/;
export type PasskeyPublicKey = Hex;
