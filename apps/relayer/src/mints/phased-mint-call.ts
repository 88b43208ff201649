import { Inject, Injectable } from '@nestjs/common';
import { getAddress, zeroAddress, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { RelayerConfig } from '@metatag/config';
import {
  encodeMintSignedPhased,
  signMintPhasedVoucher,
  type MintVoucher,
  type VoucherSigner,
  type VoucherTarget,
} from '@metatag/contracts';
import type { ClaimPhaseTermsMessage } from '@metatag/events';
import { SERVICE_CONFIG } from '@metatag/nest-kit';

/**
 * The deadline of the vouchers the relayer signs for its own phased mints: the transaction may wait in
 * the queue through an outage, and the voucher mints only this token to this recipient in this phase
 * (a copy taken from the mempool mints the same thing to the same wallet), so it need not expire.
 */
const NO_DEADLINE = 2n ** 64n - 1n;

/**
 * `mintSignedPhased` call data: `voucher` with the phase's terms, signed by `minter`; the proof rides
 * along unsigned. One place for the voucher the visitor's wallet sends and the relayer's own.
 */
export async function phasedMintCallData(
  minter: VoucherSigner,
  target: VoucherTarget,
  voucher: MintVoucher,
  phase: ClaimPhaseTermsMessage,
): Promise<Hex> {
  const { proof, ...terms } = phase;
  const phased = {
    ...voucher,
    phase: {
      id: terms.id as Hex,
      start: BigInt(terms.start),
      end: BigInt(terms.end),
      walletCap: terms.walletCap,
      allowlistRoot: terms.allowlistRoot as Hex,
    },
  };
  return encodeMintSignedPhased(phased, await signMintPhasedVoucher(minter, target, phased), proof as Hex[]);
}

/**
 * A phased template's gasless claim (issue #32 item 3): instead of `mint(to, tokenId)` (which no phase
 * sees) the relayer sends `mintSignedPhased` with a free voucher it signs itself as the minter, so the
 * collection checks the window and the allowlist and counts the recipient's mint under the phase's cap,
 * exactly as for a visitor's wallet.
 */
@Injectable()
export class PhasedMintCall {
  private readonly minter: PrivateKeyAccount;

  constructor(@Inject(SERVICE_CONFIG) config: RelayerConfig) {
    this.minter = privateKeyToAccount(config.RELAYER_PRIVATE_KEY as Hex);
  }

  callData(m: {
    chainId: number;
    collection: string;
    to: string;
    tokenId: bigint;
    phase: ClaimPhaseTermsMessage;
  }): Promise<Hex> {
    const voucher = {
      to: getAddress(m.to),
      tokenId: m.tokenId,
      price: 0n,
      payoutAddress: zeroAddress,
      disallowTransfers: false,
      deadline: NO_DEADLINE,
    };
    return phasedMintCallData(
      this.minter,
      { chainId: m.chainId, collection: getAddress(m.collection) },
      voucher,
      m.phase,
    );
  }
}
