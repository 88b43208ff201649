import { Inject, Injectable } from '@nestjs/common';
import { TransactionReceiptNotFoundError, type Hash } from 'viem';
import type { Logger } from 'pino';
import type { RelayerConfig } from '@metatag/config';
import type { TokenMintedEvent } from '@metatag/events';
import type { Database } from '@metatag/db';
import { LOGGER, PeriodicTask, SERVICE_CONFIG } from '@metatag/nest-kit';
import { findMintTransfer, tokenOwner, type ChainDirectory } from '@metatag/chain';
import { FeeLedger } from '../fees/fee-ledger.js';
import { Outbox } from '@metatag/outbox';
import { CHAINS, WORKER_DATABASE, WORKER_MINTS } from '../relayer.tokens.js';
import { ReceiptCache } from '../transactions/receipt.cache.js';
import { ChainIndexProbe } from './chain-index.probe.js';
import { MintRepository, type MintSettlement } from './mint.repository.js';
import { mintFinished } from './mint.view.js';

const CHAIN_BATCH = 500;

/** What the confirmer reads of the ledger's `token.minted`. */
export type LedgerMint = Pick<
  TokenMintedEvent,
  'chain' | 'collection' | 'tokenId' | 'to' | 'txHash' | 'blockNumber'
>;

/**
 * Makes mint records final. The source of truth is the token's Transfer from the zero address:
 * 1. the mint ledger's `token.minted` (templates projects the chain index into it; one cursor over
 *    `chain.transfers`, the ledger's), whoever sent the transaction (the relayer or a visitor's
 *    wallet): `fromLedger`, called by the event's handler;
 * 2. the chain, for relayer mints whose transaction is final but whose `token.minted` has not come
 *    within MINT_INDEX_LAG_MS (templates down, the event lost, the index behind), or at once when
 *    there is no index: the receipt's logs (`fromChain`, every tick).
 * A relayer mint whose transaction failed fails with it. Each change and its event are written in one
 * database transaction.
 */
@Injectable()
export class MintConfirmer {
  readonly task: PeriodicTask;

  constructor(
    @Inject(WORKER_MINTS) private readonly mints: MintRepository,
    private readonly index: ChainIndexProbe,
    private readonly outbox: Outbox,
    private readonly receipts: ReceiptCache,
    private readonly ledger: FeeLedger,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(WORKER_DATABASE) private readonly database: Database,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(
      'mint confirmer',
      Math.min(config.TX_RECEIPT_POLL_MS, 500),
      () => this.tick(),
      logger,
    );
  }

  async tick(): Promise<void> {
    await this.fromChain(await this.index.available());
  }

  /**
   * The mint ledger's `token.minted` (one Transfer from the zero address, whoever sent it): the records
   * of that token minted to that address are confirmed, with their `mint.confirmed`, in one database
   * transaction. Idempotent: only records not yet confirmed change, so a redelivered event (the ledger
   * publishes at least once) changes nothing. A chain this relayer does not serve is ignored.
   */
  async fromLedger(event: LedgerMint): Promise<number> {
    const chainId = this.chains.byName(event.chain)?.chainId;
    if (chainId === undefined) return 0;
    const changed = await this.database.db.transaction(async (tx) => {
      const rows = await this.mints.confirmByEvidence(
        tx,
        chainId,
        [
          {
            collection: event.collection,
            tokenId: BigInt(event.tokenId),
            to: event.to,
            txHash: event.txHash,
            blockNumber: BigInt(event.blockNumber),
          },
        ],
        'index',
      );
      await this.outbox.add(tx, rows.map(mintFinished));
      // A paid mint whose token turned up minted before its transaction was even created never
      // sends one: its hold goes back now.
      await this.ledger.closeUnsent(
        tx,
        rows.flatMap((r) => (r.accountId !== null && r.txKey ? [r.txKey] : [])),
      );
      return rows;
    });
    return changed.length;
  }

  /** Settles relayer mints whose transaction is final and that the index did not confirm in time. */
  async fromChain(indexed: boolean): Promise<number> {
    const before = indexed ? new Date(Date.now() - this.config.MINT_INDEX_LAG_MS) : undefined;
    const rows = await this.mints.listAwaitingChainRead(before, CHAIN_BATCH);
    if (rows.length === 0) return 0;
    const settlements = await Promise.all(
      rows.map(async (row): Promise<MintSettlement | undefined> => {
        const client = this.chains.byId(row.chainId)?.client;
        if (row.txStatus === 'failed') {
          // The token may exist all the same (its transaction's block left the chain and was mined
          // again, or it reverted because the token was already minted): the chain decides.
          const owner = client ? await tokenOwner(client, row.collection, row.tokenId) : null;
          if (owner === undefined) return undefined;
          if (owner === row.toAddress)
            return {
              id: row.id,
              status: 'confirmed',
              txHash: row.txHashNow,
              blockNumber: null,
              confirmedBy: 'chain',
              error: null,
            };
          return {
            id: row.id,
            status: 'failed',
            txHash: row.txHashNow,
            blockNumber: null,
            confirmedBy: null,
            error: row.txError ?? 'transaction failed',
          };
        }
        if (!client || !row.txHashNow) return undefined;
        try {
          const receipt =
            this.receipts.get(row.txHashNow) ??
            (await client.getTransactionReceipt({ hash: row.txHashNow as Hash }));
          const transfer = findMintTransfer(receipt.logs, row.collection, row.tokenId);
          if (transfer && transfer.to.toLowerCase() === row.toAddress)
            return {
              id: row.id,
              status: 'confirmed',
              txHash: receipt.transactionHash,
              blockNumber: receipt.blockNumber,
              confirmedBy: 'chain',
              error: null,
            };
          return {
            id: row.id,
            status: 'failed',
            txHash: receipt.transactionHash,
            blockNumber: receipt.blockNumber,
            confirmedBy: null,
            error: 'the transaction did not mint the token',
          };
        } catch (error) {
          // A reorg dropped it or the node is behind: the receipt tracker has the last word on the
          // transaction; try again next tick.
          if (error instanceof TransactionReceiptNotFoundError) return undefined;
          throw error;
        }
      }),
    );
    const ready = settlements.filter((s): s is MintSettlement => s !== undefined);
    const changed = await this.database.db.transaction(async (tx) => {
      const updated = await this.mints.settle(tx, ready);
      await this.outbox.add(tx, updated.map(mintFinished));
      return updated;
    });
    return changed.length;
  }
}
