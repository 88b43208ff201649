import {
  concatHex,
  encodeAbiParameters,
  numberToHex,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { accountAbstractionAddresses } from '@metatag/contracts/node';
import type { UserOperationJson } from '@metatag/events';
import { SPONSOR_CAPS } from './sponsor.rules.js';

const PAYMASTER_ABI = parseAbi([
  'function getHash((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature) userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
]);

/**
 * A signature of the right shape that no key of ours made: the estimation's placeholder. ECDSA over a
 * fixed message with a throwaway key, so the paymaster's recover succeeds (and fails the check) rather
 * than reverting on a malformed signature.
 */
const STUB_SIGNATURE: Hex =
  '0xeb368747e378da792d54bd8cda02627cc7773275c1bed9f9499ee7ced737674a7684cd98d8182d51c625b01eb5c2aa5e51ac7a17ba46cbec85244ca35047d5e51b';
/** A sponsorship is good for this long: enough for the bundler, short for a leaked one. */
export const SPONSORSHIP_VALID_S = 600;

const packGas = (high: bigint, low: bigint) =>
  concatHex([numberToHex(high, { size: 16 }), numberToHex(low, { size: 16 })]);
const validity = (until: number, after: number) =>
  encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [until, after]);

export interface PaymasterFields {
  paymaster: Address;
  paymasterData: Hex;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
}

/**
 * Our VerifyingPaymaster (eth-infinitism's sample, EntryPoint v0.7): it pays for a user operation whose
 * paymasterData carries (validUntil, validAfter) and this key's signature over the contract's own
 * `getHash` of the operation. The hash is read from the contract, so what we sign is what it checks.
 */
export class PaymasterSigner {
  private readonly signer: PrivateKeyAccount;
  readonly address: Address;

  constructor(privateKey: Hex) {
    this.signer = privateKeyToAccount(privateKey);
    this.address = accountAbstractionAddresses(this.signer.address).paymaster;
  }

  stub(): PaymasterFields {
    return this.fields(concatHex([validity(0, 0), STUB_SIGNATURE]));
  }

  async sign(client: PublicClient, op: UserOperationJson, nowS: number): Promise<PaymasterFields> {
    const validUntil = nowS + SPONSORSHIP_VALID_S;
    const packed = {
      sender: op.sender as Address,
      nonce: BigInt(op.nonce),
      initCode: op.factory ? concatHex([op.factory as Hex, (op.factoryData ?? '0x') as Hex]) : '0x',
      callData: op.callData as Hex,
      accountGasLimits: packGas(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
      preVerificationGas: BigInt(op.preVerificationGas),
      gasFees: packGas(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
      paymasterAndData: concatHex([
        this.address,
        numberToHex(SPONSOR_CAPS.paymasterVerificationGasLimit, { size: 16 }),
        numberToHex(0n, { size: 16 }),
      ]),
      signature: '0x' as Hex,
    } as const;
    const hash = await client.readContract({
      address: this.address,
      abi: PAYMASTER_ABI,
      functionName: 'getHash',
      args: [packed, validUntil, 0],
    });
    const signature = await this.signer.signMessage({ message: { raw: hash } });
    return this.fields(concatHex([validity(validUntil, 0), signature]));
  }

  private fields(paymasterData: Hex): PaymasterFields {
    return {
      paymaster: this.address,
      paymasterData,
      paymasterVerificationGasLimit: SPONSOR_CAPS.paymasterVerificationGasLimit,
      paymasterPostOpGasLimit: 0n,
    };
  }
}
