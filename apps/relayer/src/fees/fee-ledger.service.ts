import { Inject, Injectable } from '@nestjs/common';
import { chainIdOf, isChainName } from '@metatag/contracts';
import type { Database } from '@metatag/db';
import type { LedgerEntry, ReplyOf, RequestParsed } from '@metatag/events';
import type { RELAYER_LEDGER } from '@metatag/events';
import { AppError, CLOCK, DATABASE, type Clock } from '@metatag/nest-kit';
import { formatNative } from './fee-ledger.js';
import type { DbTx } from '../db/db-tx.js';
import { FeeLedgerRepository, type AccountKey, type LedgerEntryRow } from './fee-ledger.repository.js';

type Defs = typeof RELAYER_LEDGER;

const str = (v: bigint | null) => (v === null ? null : v.toString());

export const toLedgerEntry = (row: LedgerEntryRow): LedgerEntry => ({
  id: row.id.toString(),
  kind: row.kind,
  amount: row.amount.toString(),
  balance: row.balance.toString(),
  reference: row.reference,
  txHash: row.txHash,
  gasUsed: str(row.gasUsed),
  effectiveGasPrice: str(row.effectiveGasPrice),
  note: row.note,
  actorId: row.actorId,
  created: row.createdAt.toISOString(),
});

/** A chain's ledger is kept by chain id; any chain of the product may have one, served or not. */
function chainIdOfName(chain: string): number {
  if (!isChainName(chain)) throw AppError.notFound(`Unknown chain ${chain}`);
  return chainIdOf(chain);
}

/** Reads of the ledger, and the super admin's balance changes (credit entries). */
@Injectable()
export class FeeLedgerService {
  constructor(
    private readonly repo: FeeLedgerRepository,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async balance(req: RequestParsed<Defs['balance']>): Promise<ReplyOf<Defs['balance']>> {
    const account = { accountId: req.accountId, chainId: chainIdOfName(req.chain) };
    return this.snapshot((tx) => this.summary(tx, account));
  }

  async balances(req: RequestParsed<Defs['balances']>): Promise<ReplyOf<Defs['balances']>> {
    const found = await this.repo.balances(this.database.db, chainIdOfName(req.chain), req.accountIds);
    return {
      items: Object.fromEntries(req.accountIds.map((id) => [String(id), (found.get(id) ?? 0n).toString()])),
    };
  }

  async entries(req: RequestParsed<Defs['entries']>): Promise<ReplyOf<Defs['entries']>> {
    const account = { accountId: req.accountId, chainId: chainIdOfName(req.chain) };
    const before = req.before === undefined ? undefined : BigInt(req.before);
    const { summary, rows } = await this.snapshot(async (tx) => ({
      summary: await this.summary(tx, account),
      rows: await this.repo.entries(tx, account, req.limit, before),
    }));
    return {
      ...summary,
      items: rows.map(toLedgerEntry),
      next: rows.length === req.limit ? rows[rows.length - 1].id.toString() : null,
    };
  }

  /** The difference to the current balance becomes one credit entry (negative when lowered). */
  async setBalance(req: RequestParsed<Defs['setBalance']>): Promise<ReplyOf<Defs['setBalance']>> {
    const account = { accountId: req.accountId, chainId: chainIdOfName(req.chain) };
    const target = BigInt(req.balance);
    // the summary is read in the writing transaction: the account is locked, so no entry of anyone else
    // can come between (entries are only appended under the lock)
    const { entry, summary } = await this.database.db.transaction(async (tx) => {
      await this.repo.lock(tx, [account]);
      const current = await this.repo.balance(tx, account);
      const entry =
        current === target
          ? null
          : await this.repo.append(tx, {
              ...account,
              at: this.clock.now(),
              kind: 'credit',
              amount: target - current,
              actorId: req.actorId,
              note: req.note ?? `balance set to ${formatNative(account.chainId, target)}`,
            });
      return { entry, summary: await this.summary(tx, account) };
    });
    return { ...summary, entry: entry && toLedgerEntry(entry) };
  }

  private async summary(tx: DbTx, account: AccountKey): Promise<{ item: string; held: string }> {
    const balance = await this.repo.balance(tx, account);
    const held = await this.repo.heldByAccount(tx, account);
    return { item: balance.toString(), held: held.toString() };
  }

  /**
   * Reads that one reply shows side by side (balance, holds, entries) come from one snapshot. Read on
   * separate connections, a settlement committing between them gave a balance without its entry, or
   * a hold already released beside the entry that released it.
   */
  private snapshot<T>(read: (tx: DbTx) => Promise<T>): Promise<T> {
    return this.database.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }
}
