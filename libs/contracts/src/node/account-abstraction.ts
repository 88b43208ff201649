import { createRequire } from 'node:module';
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  http,
  parseAbi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ACCOUNT_ABSTRACTION_SALT,
  DETERMINISTIC_DEPLOYER,
  type AccountAbstractionContracts,
} from '../account-abstraction.js';

/**
 * ERC-4337 contracts for passkey accounts (issue #29), from the bytecode their maintainers publish on
 * npm (nothing is compiled or downloaded here): EntryPoint v0.7 and the sample VerifyingPaymaster from
 * `@account-abstraction/contracts`, Safe 1.4.1 with its 4337 module from `@safe-global/safe-4337`, and
 * the WebAuthn shared signer with the FreshCryptoLib P-256 verifier from `@safe-global/safe-passkey`
 * (P-256 checked in Solidity: anvil has no RIP-7212 precompile).
 *
 * Everything but the paymaster goes through the deterministic CREATE2 deployer with one salt, so the
 * addresses are the same on every chain and every run (`AA_ADDRESSES` in the shared lib); the
 * paymaster's address depends on its signer.
 */
const require = createRequire(import.meta.url);

interface Artifact {
  bytecode: Hex;
}
const artifact = (path: string): Hex => (require(path) as Artifact).bytecode;

const SAFE_4337 = '@safe-global/safe-4337/build/artifacts';
const SAFE_PASSKEY = '@safe-global/safe-passkey/build/artifacts';
const AA = '@account-abstraction/contracts/artifacts';

export function accountAbstractionInitCodes(entryPoint: Address) {
  return {
    entryPoint: artifact(`${AA}/EntryPoint.json`),
    safeSingleton: artifact(`${SAFE_4337}/@safe-global/safe-contracts/contracts/Safe.sol/Safe.json`),
    safeProxyFactory: artifact(
      `${SAFE_4337}/@safe-global/safe-contracts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`,
    ),
    multiSend: artifact(
      `${SAFE_4337}/@safe-global/safe-contracts/contracts/libraries/MultiSend.sol/MultiSend.json`,
    ),
    safe4337Module: concatHex([
      artifact(`${SAFE_4337}/contracts/Safe4337Module.sol/Safe4337Module.json`),
      encodeAbiParameters([{ type: 'address' }], [entryPoint]),
    ]),
    safeModuleSetup: artifact(`${SAFE_4337}/contracts/SafeModuleSetup.sol/SafeModuleSetup.json`),
    webAuthnSharedSigner: artifact(
      `${SAFE_PASSKEY}/contracts/4337/SafeWebAuthnSharedSigner.sol/SafeWebAuthnSharedSigner.json`,
    ),
    p256Verifier: artifact(`${SAFE_PASSKEY}/contracts/verifiers/FCLP256Verifier.sol/FCLP256Verifier.json`),
  } satisfies Record<Exclude<keyof AccountAbstractionContracts, 'paymaster'>, Hex>;
}

export function paymasterInitCode(entryPoint: Address, signer: Address): Hex {
  return concatHex([
    artifact(`${AA}/VerifyingPaymaster.json`),
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [entryPoint, signer]),
  ]);
}

const create2Address = (bytecode: Hex) =>
  getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: ACCOUNT_ABSTRACTION_SALT,
    bytecode,
  });

/** Where the contracts are (or will be) for a paymaster signer: computed, no chain needed. */
export function accountAbstractionAddresses(paymasterSigner: Address): AccountAbstractionContracts {
  const entryPoint = create2Address(artifact(`${AA}/EntryPoint.json`));
  const codes = accountAbstractionInitCodes(entryPoint);
  const out = Object.fromEntries(
    Object.entries(codes).map(([name, code]) => [name, create2Address(code)]),
  ) as Omit<AccountAbstractionContracts, 'paymaster'>;
  return { ...out, paymaster: create2Address(paymasterInitCode(entryPoint, getAddress(paymasterSigner))) };
}

export interface EnsureAccountAbstractionOptions {
  rpcUrl: string;
  /** Pays the deployments and the paymaster's EntryPoint deposit. */
  privateKey: Hex;
  /** The key our paymaster service signs sponsorships with (PAYMASTER_PRIVATE_KEY). */
  paymasterSigner: Address;
  /** Keep the paymaster's EntryPoint deposit at least this much (wei); it is topped up to twice that. */
  minDeposit: bigint;
}

const entryPointAbi = parseAbi([
  'function balanceOf(address account) view returns (uint256)',
  'function depositTo(address account) payable',
]);

/**
 * Deploys what is missing (idempotent: a contract whose address has code is kept) and tops up the
 * paymaster's deposit in the EntryPoint, which pays the bundler for every sponsored user operation.
 */
export async function ensureAccountAbstraction(
  options: EnsureAccountAbstractionOptions,
): Promise<AccountAbstractionContracts> {
  const account = privateKeyToAccount(options.privateKey);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ account, transport });
  const addresses = accountAbstractionAddresses(options.paymasterSigner);
  const codes = {
    ...accountAbstractionInitCodes(addresses.entryPoint),
    paymaster: paymasterInitCode(addresses.entryPoint, getAddress(options.paymasterSigner)),
  };
  // EntryPoint first: the module and the paymaster name it in their constructors (not a call, but
  // the deployer's order keeps nonces simple).
  for (const name of Object.keys(codes) as (keyof typeof codes)[]) {
    const address = addresses[name];
    const code = await publicClient.getCode({ address });
    if (code && code !== '0x') continue;
    const hash = await walletClient.sendTransaction({
      to: DETERMINISTIC_DEPLOYER,
      data: concatHex([ACCOUNT_ABSTRACTION_SALT, codes[name]]),
      chain: null,
      gas: 12_000_000n,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    const deployed = await publicClient.getCode({ address });
    if (receipt.status !== 'success' || !deployed || deployed === '0x') {
      throw new Error(`deploying ${name} at ${address} failed (transaction ${hash})`);
    }
  }
  const deposit = await publicClient.readContract({
    address: addresses.entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [addresses.paymaster],
  });
  if (deposit < options.minDeposit) {
    const hash = await walletClient.writeContract({
      address: addresses.entryPoint,
      abi: entryPointAbi,
      functionName: 'depositTo',
      args: [addresses.paymaster],
      value: options.minDeposit * 2n - deposit,
      chain: null,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`paymaster deposit ${hash} failed`);
  }
  return addresses;
}
