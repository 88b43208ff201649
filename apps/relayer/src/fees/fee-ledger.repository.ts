import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries } from '../db/schema.js';
import type { DbExecutor, DbTx } from '../db/db-tx.js';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerKind = LedgerEntryRow['kind'];

export interface AccountKey {
  accountId: number;
  chainId: number;
}

export interface NewEntry extends AccountKey {
  kind: LedgerKind;
  amount: bigint;
  reference?: string | null;
  txHash?: string | null;
  gasUsed?: bigint | null;
  effectiveGasPrice?: bigint | null;
  note?: string | null;
  actorId?: number | null;
  /** When (the service's clock: the per-account rate counts entries by it). */
  at: Date;
}

const keyOf = (k: AccountKey) => `${k.accountId}:${k.chainId}`;

/**
 * The ledger's rows. Entries are only appended, and only while the account's row is locked
 * (`lock`), so each entry's `balance` is the previous balance plus its amount.
 */
@Injectable()
export class FeeLedgerRepository {
  /**
   * Locks the accounts' rows (created on first use) for the rest of `tx`, in one fixed order so that
   * two transactions locking several accounts cannot deadlock.
   */
  async lock(tx: DbTx, accounts: AccountKey[]): Promise<void> {
    const unique = [...new Map(accounts.map((a) => [keyOf(a), a])).values()].sort(
      (a, b) => a.accountId - b.accountId || a.chainId - b.chainId,
    );
    if (unique.length === 0) return;
    await tx.insert(ledgerAccounts).values(unique).onConflictDoNothing();
    for (const a of unique)
      await tx
        .select({ accountId: ledgerAccounts.accountId })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.accountId, a.accountId), eq(ledgerAccounts.chainId, a.chainId)))
        .for('update');
  }

  /** The account's balance: its latest entry's running sum (0 without entries). */
  async balance(db: DbExecutor, account: AccountKey): Promise<bigint> {
    const [row] = await db
      .select({ balance: ledgerEntries.balance })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, account.accountId), eq(ledgerEntries.chainId, account.chainId)))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    return row?.balance ?? 0n;
  }

  /** Appends an entry to a locked account; returns it with its running balance. */
  async append(tx: DbTx, entry: NewEntry): Promise<LedgerEntryRow> {
    const balance = (await this.balance(tx, entry)) + entry.amount;
    const [row] = await tx
      .insert(ledgerEntries)
      .values({
        accountId: entry.accountId,
        chainId: entry.chainId,
        kind: entry.kind,
        amount: entry.amount,
        balance,
        reference: entry.reference ?? null,
        txHash: entry.txHash ?? null,
        gasUsed: entry.gasUsed ?? null,
        effectiveGasPrice: entry.effectiveGasPrice ?? null,
        note: entry.note ?? null,
        actorId: entry.actorId ?? null,
        createdAt: entry.at,
      })
      .returning();
    return row;
  }

  /** The account that reserved for `reference`, if any did. */
  async accountOf(db: DbExecutor, reference: string): Promise<AccountKey | undefined> {
    const [row] = await db
      .select({ accountId: ledgerEntries.accountId, chainId: ledgerEntries.chainId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, reference), eq(ledgerEntries.kind, 'reservation')))
      .limit(1);
    return row;
  }

  /** What is still held for `reference`: its reservations minus its releases (never below 0). */
  async held(db: DbExecutor, reference: string): Promise<bigint> {
    const [row] = await db
      .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.reference, reference), inArray(ledgerEntries.kind, ['reservation', 'release'])),
      );
    const sum = row?.sum ? BigInt(row.sum) : 0n;
    return sum < 0n ? -sum : 0n;
  }

  /** What the account holds for transactions that have not ended. */
  async heldByAccount(db: DbExecutor, account: AccountKey): Promise<bigint> {
    const [row] = await db
      .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, account.accountId),
          eq(ledgerEntries.chainId, account.chainId),
          inArray(ledgerEntries.kind, ['reservation', 'release']),
        ),
      );
    const sum = row?.sum ? BigInt(row.sum) : 0n;
    return sum < 0n ? -sum : 0n;
  }

  async isSettled(db: DbExecutor, reference: string): Promise<boolean> {
    const [row] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, reference), eq(ledgerEntries.kind, 'settlement')))
      .limit(1);
    return row !== undefined;
  }

  /** Transactions the account reserved for since `since` (the per-account rate limit). */
  async reservedSince(db: DbExecutor, account: AccountKey, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${ledgerEntries.reference})::int` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, account.accountId),
          eq(ledgerEntries.chainId, account.chainId),
          eq(ledgerEntries.kind, 'reservation'),
          sql`${ledgerEntries.createdAt} > ${since.toISOString()}`,
        ),
      );
    return row?.n ?? 0;
  }

  /** Newest first; `before` pages back. */
  async entries(
    db: DbExecutor,
    account: AccountKey,
    limit: number,
    before?: bigint,
  ): Promise<LedgerEntryRow[]> {
    return db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.accountId, account.accountId),
          eq(ledgerEntries.chainId, account.chainId),
          before === undefined ? undefined : lt(ledgerEntries.id, before),
        ),
      )
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }

  /** Latest balances of several accounts on one chain (accounts without entries are absent). */
  async balances(db: DbExecutor, chainId: number, accountIds: number[]): Promise<Map<number, bigint>> {
    if (accountIds.length === 0) return new Map();
    const { rows } = await db.execute<{ account_id: number; balance: string }>(sql`
      select distinct on (account_id) account_id, balance::text as balance
      from ${ledgerEntries}
      where chain_id = ${chainId} and account_id = any(${sql.param(accountIds)}::int[])
      order by account_id, id desc`);
    return new Map(rows.map((r) => [r.account_id, BigInt(r.balance)]));
  }

  /** Of these references (transaction keys), those without a transaction row. */
  async withoutTransaction(db: DbExecutor, references: string[]): Promise<string[]> {
    if (references.length === 0) return [];
    const { rows } = await db.execute<{ reference: string }>(sql`
      select r.reference from unnest(${sql.param(references)}::text[]) as r(reference)
      where not exists (select 1 from relayer.transactions t where t.idempotency_key = r.reference)`);
    return rows.map((r) => r.reference);
  }
}
