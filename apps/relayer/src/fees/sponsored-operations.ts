import { Inject, Injectable } from '@nestjs/common';
import { chainIdOf, isChainName } from '@metatag/contracts';
import type { Database } from '@metatag/db';
import type { RELAYER_LEDGER, ReplyOf, RequestParsed } from '@metatag/events';
import { AppError, DATABASE } from '@metatag/nest-kit';
import { FeeLedger } from './fee-ledger.js';

type Defs = typeof RELAYER_LEDGER;

/**
 * Sponsored user operations of passkey accounts (issue #29) on the owner's ledger: the paymaster
 * service reserves an operation's worst case before it signs, and its receipt settles the real cost.
 * No transaction of the relayer's own is involved: the bundler sends it, the paymaster's EntryPoint
 * deposit pays, and the ledger is how the owner pays for that deposit.
 */
@Injectable()
export class SponsoredOperations {
  constructor(
    private readonly ledger: FeeLedger,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async reserve(req: RequestParsed<Defs['reserveSponsored']>): Promise<ReplyOf<Defs['reserveSponsored']>> {
    if (!isChainName(req.chain)) throw AppError.notFound(`Unknown chain ${req.chain}`);
    const account = { accountId: req.accountId, chainId: chainIdOf(req.chain) };
    const amount = BigInt(req.amount);
    return this.database.db.transaction(async (tx) => {
      // a repeated request (the same user operation) reserves nothing more
      const held = await this.ledger.heldFor(tx, req.reference);
      if (held > 0n) return { reserved: held.toString() };
      await this.ledger.reserve(tx, { ...account, reference: req.reference, amount, note: req.note });
      return { reserved: amount.toString() };
    });
  }

  async settle(req: RequestParsed<Defs['settleSponsored']>): Promise<ReplyOf<Defs['settleSponsored']>> {
    await this.database.db.transaction((tx) =>
      this.ledger.close(tx, [
        {
          reference: req.reference,
          fee: {
            txHash: req.txHash,
            gasUsed: BigInt(req.gasUsed),
            effectiveGasPrice: BigInt(req.effectiveGasPrice),
          },
        },
      ]),
    );
    return { ok: true };
  }
}
