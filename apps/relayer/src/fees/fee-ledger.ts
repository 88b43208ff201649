import { Inject, Injectable } from '@nestjs/common';
import { formatEther } from 'viem';
import type { RelayerConfig } from '@metatag/config';
import { chainNameOf, nativeSymbols } from '@metatag/contracts';
import { AppError, CLOCK, SERVICE_CONFIG, type Clock } from '@metatag/nest-kit';
import type { DbExecutor, DbTx } from '../db/db-tx.js';
import { FeeLedgerRepository, type AccountKey, type LedgerEntryRow } from './fee-ledger.repository.js';

/** What a transaction cost, from its receipt. */
export interface Fee {
  txHash: string | null;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

export interface Reservation extends AccountKey {
  /** The transaction's idempotency key: every later entry of this transaction carries it. */
  reference: string;
  /** Worst-case fee in wei: gas limit × max fee per gas. */
  amount: bigint;
  note?: string;
}

const RATE_WINDOW_MS = 60_000;

function insufficient(chainId: number, needed: bigint | undefined, balance: bigint): AppError {
  const cost =
    needed === undefined ? '' : `this transaction may cost up to ${formatNative(chainId, needed)}, `;
  return new AppError(
    'insufficient_balance',
    `Not enough balance for relayer fees: ${cost}the balance is ${formatNative(chainId, balance)}. ` +
      'Ask the super admin for credit.',
    402,
  );
}

/** `0.0012 ETH` (the chain's native unit). */
export function formatNative(chainId: number, wei: bigint): string {
  const name = chainNameOf(chainId);
  return `${formatEther(wei)} ${name ? nativeSymbols[name] : 'ETH'}`;
}

/**
 * The relayer's spending rules on the ledger, inside the caller's database transaction (the change
 * a ledger entry pays for and the entry commit together or not at all):
 * - a relayer-paid transaction reserves its worst-case fee before it is queued, refused at a balance
 *   that does not cover it (402) and above the account's rate (429);
 * - a fee that grew before signing or on a replacement reserves the difference;
 * - when the transaction ends, its hold is released and the real fee settled once.
 */
@Injectable()
export class FeeLedger {
  constructor(
    private readonly repo: FeeLedgerRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
  ) {}

  /**
   * The refusals `reserve` would give whatever the fee, checked before anything costs a chain
   * request: above the rate, or nothing left to reserve from. Not locked: `reserve` decides.
   */
  async precheck(db: DbExecutor, account: AccountKey): Promise<void> {
    await this.checkRate(db, account);
    const balance = await this.repo.balance(db, account);
    if (balance <= 0n) throw insufficient(account.chainId, undefined, balance);
  }

  async reserve(tx: DbTx, r: Reservation): Promise<LedgerEntryRow> {
    await this.repo.lock(tx, [r]);
    await this.checkRate(tx, r);
    const balance = await this.repo.balance(tx, r);
    if (balance < r.amount) throw insufficient(r.chainId, r.amount, balance);
    return this.repo.append(tx, {
      ...r,
      at: this.clock.now(),
      kind: 'reservation',
      amount: -r.amount,
      note: r.note ?? null,
    });
  }

  /** What `reference` still holds. */
  heldFor(db: DbExecutor, reference: string): Promise<bigint> {
    return this.repo.held(db, reference);
  }

  private async checkRate(db: DbExecutor, account: AccountKey): Promise<void> {
    const perMinute = this.config.RELAYER_PAID_TX_PER_MINUTE;
    if (perMinute === 0) return;
    const since = new Date(this.clock.now().getTime() - RATE_WINDOW_MS);
    if ((await this.repo.reservedSince(db, account, since)) >= perMinute)
      throw new AppError(
        'too_many_relayer_transactions',
        `Too many relayer transactions: at most ${perMinute} a minute per account; try again in a minute`,
        429,
      );
  }

  /**
   * Raises what `reference` holds to `worst` when the balance allows. True when the hold covers
   * `worst` now (or the transaction is not paid from a ledger); false when the balance cannot.
   */
  async topUp(tx: DbTx, reference: string, worst: bigint, note: string): Promise<boolean> {
    const account = await this.repo.accountOf(tx, reference);
    if (!account) return true;
    await this.repo.lock(tx, [account]);
    const held = await this.repo.held(tx, reference);
    if (worst <= held) return true;
    const more = worst - held;
    if ((await this.repo.balance(tx, account)) < more) return false;
    await this.repo.append(tx, {
      ...account,
      at: this.clock.now(),
      kind: 'reservation',
      amount: -more,
      reference,
      note,
    });
    return true;
  }

  /**
   * Ends the holds of transactions: each releases what it still holds and, given its receipt, settles
   * gasUsed × effectiveGasPrice once. Idempotent; references nobody reserved for are skipped.
   */
  async close(tx: DbTx, closes: { reference: string; fee?: Fee }[]): Promise<void> {
    const found: { reference: string; fee?: Fee; account: AccountKey }[] = [];
    for (const c of closes) {
      const account = await this.repo.accountOf(tx, c.reference);
      if (account) found.push({ ...c, account });
    }
    if (found.length === 0) return;
    await this.repo.lock(
      tx,
      found.map((f) => f.account),
    );
    for (const { reference, fee, account } of found) {
      const held = await this.repo.held(tx, reference);
      if (held > 0n)
        await this.repo.append(tx, {
          ...account,
          at: this.clock.now(),
          kind: 'release',
          amount: held,
          reference,
        });
      const amount = fee ? fee.gasUsed * fee.effectiveGasPrice : 0n;
      if (fee && amount > 0n && !(await this.repo.isSettled(tx, reference)))
        await this.repo.append(tx, {
          ...account,
          at: this.clock.now(),
          kind: 'settlement',
          amount: -amount,
          reference,
          txHash: fee.txHash,
          gasUsed: fee.gasUsed,
          effectiveGasPrice: fee.effectiveGasPrice,
        });
    }
  }

  /** Releases the holds of references whose transaction was never created (e.g. a mint done otherwise). */
  async closeUnsent(tx: DbTx, references: string[]): Promise<void> {
    const unsent = await this.repo.withoutTransaction(tx, references);
    await this.close(
      tx,
      unsent.map((reference) => ({ reference })),
    );
  }
}
