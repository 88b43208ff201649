import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { TOKEN_STATE } from '../chiplinks.tokens.js';
import { ChiplinkRepository, type ChiplinkRow } from '../links/chiplink.repository.js';
import type { TokenStateReader } from './token-state.reader.js';

export type PendingVoucher = Pick<ChiplinkRow, 'id' | 'tokenToMint' | 'voucherUntil'>;

/**
 * A mint voucher handed to a visitor's wallet is a mint nobody has seen yet: the wallet sends it (or
 * not) without telling us. Checking the chain settles it: a minted token is counted for good on its
 * chip or link, an expired unused voucher frees its place under the template's limit.
 */
@Injectable()
export class VoucherSettlement {
  constructor(
    private readonly repo: ChiplinkRepository,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Settles each voucher in `collection`; returns how many are still out. */
  async settle(chain: string, collection: string, vouchers: PendingVoucher[]): Promise<number> {
    const now = this.clock.now();
    const settled = await Promise.all(
      vouchers.map(async (voucher) => {
        const state = await this.state.read(chain, collection, voucher.tokenToMint);
        if (state.owner) await this.repo.markMinted(voucher.id, voucher.tokenToMint);
        else if (voucher.voucherUntil && voucher.voucherUntil < now)
          await this.repo.clearVoucher(voucher.id, voucher.tokenToMint);
        else return false;
        return true;
      }),
    );
    return settled.filter((done) => !done).length;
  }
}
