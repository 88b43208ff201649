import type { Address, Hex } from 'viem';

/** The deterministic CREATE2 deployer (in anvil by default, and on most public chains). */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** One salt for all of MetaTag's ERC-4337 contracts: the same addresses on every chain. */
export const ACCOUNT_ABSTRACTION_SALT: Hex =
  '0x0000000000000000000000000000000000000000000000000000000000000000';

/** The ERC-4337 contracts behind passkey accounts (issue #29): a Safe with the WebAuthn shared signer. */
export interface AccountAbstractionContracts {
  entryPoint: Address;
  safeSingleton: Address;
  safeProxyFactory: Address;
  multiSend: Address;
  safe4337Module: Address;
  safeModuleSetup: Address;
  webAuthnSharedSigner: Address;
  /** FreshCryptoLib's P-256 verifier: the signature is checked in Solidity (no RIP-7212 precompile). */
  p256Verifier: Address;
  /** Our VerifyingPaymaster; its address depends on the signer key. */
  paymaster: Address;
}

/**
 * Where `ensureAccountAbstraction` puts them (CREATE2, `ACCOUNT_ABSTRACTION_SALT`); an int test checks
 * these against the npm bytecode. The paymaster is configuration: its address follows from its signer.
 */
export const AA_ADDRESSES = {
  entryPoint: '0x9b5d240EF1bc8B4930346599cDDFfBD7d7D56db9',
  safeSingleton: '0x6f31066afaAFBeC118D94C05720EEeb2e6083dE7',
  safeProxyFactory: '0x68BAcEBAa1B6C8548ba76b2EFea8B83b1165C0D1',
  multiSend: '0x6B039EB5c8446dB2b17093eEd5292Be4fa8FD8ce',
  safe4337Module: '0xFBd8eeE5a03A259BD6B0380F3Dd5d3EF45280678',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  webAuthnSharedSigner: '0xfD90FAd33ee8b58f32c00aceEad1358e4AFC23f9',
  p256Verifier: '0x445a0683e494ea0c5AF3E83c5159fBE47Cf9e765',
} as const satisfies Omit<AccountAbstractionContracts, 'paymaster'>;
