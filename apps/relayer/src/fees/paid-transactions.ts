import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { formatGwei } from 'viem';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import type { Database } from '@metatag/db';
import type { RELAYER_LEDGER, ReplyOf, RequestParsed } from '@metatag/events';
import { AppError, DATABASE } from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { transactions } from '../db/schema.js';
import { txJobId, txSendJob } from '../jobs/relayer.jobs.js';
import { CHAINS, JOB_QUEUE, SIGNER } from '../relayer.tokens.js';
import { FeeQuotes } from './fee-quote.js';
import { FeeLedger } from './fee-ledger.js';

type SendPaid = (typeof RELAYER_LEDGER)['sendPaid'];

/** Quoted when a call reverts in simulation: the sender refuses it before signing and releases it. */
const FALLBACK_GAS = 300_000n;

/**
 * reserve → queue for any relayer-paid action (manual mints have their own path in MintsService,
 * with the template's limit in the same transaction). The row carries the paying account, so the
 * sender, the receipt tracker and every failure path settle or release it like a mint's.
 */
@Injectable()
export class PaidTransactions {
  constructor(
    private readonly ledger: FeeLedger,
    private readonly quotes: FeeQuotes,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SIGNER) private readonly signer: LocalSigner,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
  ) {}

  async send(req: RequestParsed<SendPaid>): Promise<ReplyOf<SendPaid>> {
    const chain = this.chains.byName(req.chain);
    if (!chain) throw AppError.notFound(`Chain ${req.chain} is not configured`);
    const existing = await this.find(req.idempotencyKey);
    if (existing) return existing;
    await this.ledger.precheck(this.database.db, { accountId: req.accountId, chainId: chain.chainId });
    const value = BigInt(req.value);
    const quote = await this.quotes.quote(chain, { to: req.to, data: req.data, value }, FALLBACK_GAS);
    const stored = await this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transactions)
        .values({
          idempotencyKey: req.idempotencyKey,
          kind: req.kind,
          chainId: chain.chainId,
          fromAddress: this.signer.key,
          toAddress: req.to,
          data: req.data,
          value,
          accountId: req.accountId,
        })
        .onConflictDoNothing({ target: transactions.idempotencyKey })
        .returning({ id: transactions.id });
      if (!row) return undefined;
      await this.ledger.reserve(tx, {
        accountId: req.accountId,
        chainId: chain.chainId,
        reference: req.idempotencyKey,
        amount: quote.amount,
        note: `${req.kind}: up to ${quote.gasLimit} gas at ${formatGwei(quote.maxFeePerGas)} gwei`,
      });
      return row;
    });
    // Another request with the same key won the race: its answer is ours.
    if (!stored) return (await this.find(req.idempotencyKey))!;
    await this.queue.add(
      txSendJob,
      {
        chainId: chain.chainId,
        to: req.to,
        data: req.data,
        value: req.value,
        kind: req.kind,
        idempotencyKey: req.idempotencyKey,
      },
      { jobId: txJobId(req.idempotencyKey) },
    );
    return { id: stored.id, status: 'queued', reserved: quote.amount.toString() };
  }

  private async find(key: string): Promise<ReplyOf<SendPaid> | undefined> {
    const [row] = await this.database.db
      .select({ id: transactions.id, status: transactions.status })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, key));
    if (!row) return undefined;
    return {
      id: row.id,
      status: row.status,
      reserved: (await this.ledger.heldFor(this.database.db, key)).toString(),
    };
  }
}
