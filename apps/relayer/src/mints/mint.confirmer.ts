import { Inject, Injectable } from '@nestjs/common';
import { TransactionReceiptNotFoundError, type Address, type Hash, type PublicClient } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import type { Logger } from 'pino';
import type { RelayerConfig } from '@metatag/config';
import type { Database } from '@metatag/db';
import { LOGGER, PeriodicTask, SERVICE_CONFIG } from '@metatag/nest-kit';
import { findMintTransfer, isRevert, type ChainDirectory } from '@metatag/chain';
import { FeeLedger } from '../fees/fee-ledger.js';
import { Outbox } from '@metatag/outbox';
import { CHAINS, WORKER_DATABASE, WORKER_MINTS } from '../relayer.tokens.js';
import { ReceiptCache } from '../transactions/receipt.cache.js';
import { IndexedTransfersRepository } from './indexed-transfers.repository.js';
import { MintRepository, type MintSettlement } from './mint.repository.js';
import { mintFinished } from './mint.view.js';

const INDEX_BATCH = 1000;
const CHAIN_BATCH = 500;

/**
 * Makes mint records final. The source of truth is the token's Transfer from the zero address:
 * 1. from the index (`chain.transfers`), whoever sent the transaction (the relayer or a visitor's
 *    wallet), read in order after a cursor;
 * 2. from the chain, for relayer mints whose transaction is final but whose Transfer the index has
 *    not shown within MINT_INDEX_LAG_MS (or at once when there is no index): the receipt's logs.
 * A relayer mint whose transaction failed fails with it. Each change and its event are written in one
 * database transaction.
 */
@Injectable()
export class MintConfirmer {
  readonly task: PeriodicTask;

  constructor(
    @Inject(WORKER_MINTS) private readonly mints: MintRepository,
    private readonly transfers: IndexedTransfersRepository,
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
    const indexed = await this.transfers.available();
    if (indexed) for (const chain of this.chains.list()) await this.fromIndex(chain.chainId);
    await this.fromChain(indexed);
  }

  /** Reads the index after the chain's cursor until it is caught up. */
  async fromIndex(chainId: number): Promise<number> {
    let confirmed = 0;
    for (;;) {
      const cursor = await this.transfers.cursor(chainId);
      const batch = await this.transfers.mintsAfter(chainId, cursor, INDEX_BATCH);
      if (batch.length === 0) return confirmed;
      const last = batch[batch.length - 1];
      const changed = await this.database.db.transaction(async (tx) => {
        const rows = await this.mints.confirmByEvidence(
          tx,
          chainId,
          batch.map((t) => ({
            collection: t.collection,
            tokenId: t.tokenId,
            to: t.to,
            txHash: t.txHash,
            blockNumber: t.blockNumber,
          })),
          'index',
        );
        await this.outbox.add(tx, rows.map(mintFinished));
        // A paid mint whose token turned up minted before its transaction was even created never
        // sends one: its hold goes back now.
        await this.ledger.closeUnsent(
          tx,
          rows.flatMap((r) => (r.accountId !== null && r.txKey ? [r.txKey] : [])),
        );
        await this.transfers.saveCursor(tx, chainId, {
          blockNumber: last.blockNumber,
          logIndex: last.logIndex,
        });
        return rows;
      });
      confirmed += changed.length;
      if (batch.length < INDEX_BATCH) return confirmed;
    }
  }

  /** The token's owner (lower case); null when it does not exist; undefined when the node failed. */
  private async ownerOf(
    client: PublicClient,
    collection: string,
    tokenId: bigint,
  ): Promise<string | null | undefined> {
    try {
      const owner = await client.readContract({
        address: collection as Address,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      });
      return owner.toLowerCase();
    } catch (error) {
      return isRevert(error) ? null : undefined;
    }
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
          const owner = client ? await this.ownerOf(client, row.collection, row.tokenId) : null;
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
