import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { LOGGER } from '@metatag/nest-kit';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import { FeeLedger } from '../fees/fee-ledger.js';
import { Outbox } from '@metatag/outbox';
import { BROADCASTER, CHAINS, SENDER_DATABASE, SIGNER } from '../relayer.tokens.js';
import type { Broadcaster } from './broadcaster.js';
import { NonceManager } from './nonce.manager.js';
import { TransactionRepository } from './transaction.repository.js';
import { TxSender, type SenderStats } from './tx-sender.js';

/** One TxSender per (chain, key) in this process, created on first use. */
@Injectable()
export class TxSenderRegistry {
  private readonly senders = new Map<number, TxSender>();

  constructor(
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(SIGNER) private readonly signer: LocalSigner,
    @Inject(SENDER_DATABASE) private readonly database: Database,
    @Inject(BROADCASTER) private readonly broadcaster: Broadcaster,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly nonces: NonceManager,
    private readonly txs: TransactionRepository,
    private readonly outbox: Outbox,
    private readonly ledger: FeeLedger,
  ) {}

  /** The sender of the relayer's key on a configured chain, or undefined when the chain has no RPC. */
  forChain(chainId: number): TxSender | undefined {
    let sender = this.senders.get(chainId);
    if (sender) return sender;
    const chain = this.chains.byId(chainId);
    if (!chain) return undefined;
    sender = new TxSender({
      chain,
      signer: this.signer,
      db: this.database.db,
      nonces: this.nonces,
      txs: this.txs,
      outbox: this.outbox,
      broadcaster: this.broadcaster,
      ledger: this.ledger,
      logger: this.logger,
    });
    this.senders.set(chainId, sender);
    return sender;
  }

  /** The sender for rows signed by `from`: none for another key (e.g. rows from before a key rotation). */
  forSender(chainId: number, from: string): TxSender | undefined {
    return from === this.signer.key ? this.forChain(chainId) : undefined;
  }

  /** Waits until every signed batch has been broadcast. */
  async idle(): Promise<void> {
    await Promise.all([...this.senders.values()].map((sender) => sender.idle()));
  }

  stats(): SenderStats {
    const total: SenderStats = {
      batches: 0,
      signed: 0,
      replacements: 0,
      nonceFills: 0,
      nonceErrors: 0,
      broadcastErrors: 0,
    };
    for (const sender of this.senders.values())
      for (const key of Object.keys(total) as (keyof SenderStats)[]) total[key] += sender.stats[key];
    return total;
  }
}
