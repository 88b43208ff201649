import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { TOKEN_STATE } from '../chiplinks.tokens.js';
import type { ChiplinkRow } from '../links/chiplink.repository.js';
import { VoucherRepository } from './voucher.repository.js';
import type { TokenStateReader } from './token-state.reader.js';

export type PendingVoucher = Pick<ChiplinkRow, 'id' | 'tokenToMint' | 'voucherUntil'>;

/**
 * A mint voucher handed to a visitor's wallet is a mint nobody has seen yet: the wallet sends it (or
 * not) without telling us. Checking the chain settles an expired unused voucher (its place under the
 * template's limit is free again). A minted token is counted by the mint ledger (`token.minted`), which
 * also ends its voucher; until then it keeps its place, so a mint the ledger has not counted yet is never
 * a free place.
 */
@Injectable()
export class VoucherSettlement {
  constructor(
    private readonly vouchers: VoucherRepository,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Settles each voucher in `collection`; returns how many still hold a place. */
  async settle(chain: string, collection: string, vouchers: PendingVoucher[]): Promise<number> {
    const now = this.clock.now();
    const settled = await Promise.all(
      vouchers.map(async (voucher) => {
        const state = await this.state.read(chain, collection, voucher.tokenToMint);
        if (state.owner) return false; // minted: holds its place until the ledger counts it
        if (!voucher.voucherUntil || voucher.voucherUntil >= now) return false;
        await this.vouchers.clearVoucher(voucher.id, voucher.tokenToMint);
        return true;
      }),
    );
    return settled.filter((done) => !done).length;
  }
}
