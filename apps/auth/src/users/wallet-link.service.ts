import { Inject, Injectable } from '@nestjs/common';
import type { Hex } from 'viem';
import { isLiveDeadline, recoverLinkWalletSigner } from '@metatag/contracts';
import type { AuthUser } from '@metatag/events';
import { AppError, CLOCK, type Clock } from '@metatag/nest-kit';
import { toAuthUser, UserRepository } from './user.repository.js';

/**
 * A password account gets a wallet by the wallet's own signature (EIP-712 LinkWallet for this account
 * and chain): from then on collections that wallet owns can be attached to the account. A wallet
 * belongs to one account: another account's sign-in wallet or linked wallet is refused.
 */
@Injectable()
export class WalletLinkService {
  constructor(
    private readonly users: UserRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async link(input: {
    userId: number;
    wallet: string;
    chainId: number;
    deadline: string;
    signature: string;
  }): Promise<AuthUser> {
    const deadline = BigInt(input.deadline);
    if (!isLiveDeadline(deadline, Math.floor(this.clock.now().getTime() / 1000)))
      throw new AppError('signature_expired', 'The signature has expired; sign again', 400);
    const proof = { chainId: input.chainId, account: input.userId, wallet: input.wallet, deadline };
    let signer: string;
    try {
      signer = await recoverLinkWalletSigner(proof, input.signature as Hex);
    } catch {
      throw new AppError('invalid_signature', 'Invalid signature', 400);
    }
    if (signer !== input.wallet)
      throw new AppError('invalid_signature', 'The signature was not made by this wallet', 400);
    const user = await this.users.findById(input.userId);
    if (!user) throw AppError.notFound('User not found');
    if ((await this.users.findByWallet(input.wallet)).some((other) => other.id !== user.id))
      throw new AppError('wallet_taken', 'This wallet belongs to another account', 409);
    const updated = await this.users.update(user.id, { userAddress: input.wallet });
    if (!updated) throw AppError.notFound('User not found');
    return toAuthUser(updated);
  }
}
