import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { formatGwei } from 'viem';
import type { ChainDirectory, ChainHandle } from '@metatag/chain';
import type { Database } from '@metatag/db';
import type { Actor, CreateMintRequest, ListMintsReply, ListMintsRequest, MintRecord } from '@metatag/events';
import { AppError, DATABASE, LOGGER } from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { mintJobId, mintSubmitJob } from '../jobs/relayer.jobs.js';
import { FeeQuotes } from '../fees/fee-quote.js';
import { FeeLedger } from '../fees/fee-ledger.js';
import { CHAINS, JOB_QUEUE } from '../relayer.tokens.js';
import { MintAccess } from './mint-access.js';
import { MintRepository, type MintRow, type NewMint } from './mint.repository.js';
import { mintStatus, toMintRecord } from './mint.view.js';
import { mintCallData, mintSubmitPayload } from './mint-submit.processor.js';
import { PhasedMintCall } from './phased-mint-call.js';

/**
 * A token id no manual mint uses (below the contract's child ids, every byte non-zero): quoting
 * `mint(to, it)` costs at least as much calldata gas as the real id.
 */
const QUOTE_TOKEN_ID = (1n << 255n) - 1n;
/**
 * How long a manual mint's place under its template's limit is held before its record's
 * `mint.requested` makes it firm (#31 item 3): a request that dies between the two frees it then.
 */
const MINT_PLACE_HOLD_S = 5 * 60;
/** Quoted when the simulation reverts (e.g. the relayer is not the minter): the sender refuses it later. */
const MINT_GAS_FALLBACK = 200_000n;

/** Manual mints (spec section 7: POST /json/{chain}/mint, GET /json/{chain}/mints/{nftId}). */
@Injectable()
export class MintsService {
  constructor(
    private readonly mints: MintRepository,
    private readonly access: MintAccess,
    private readonly ledger: FeeLedger,
    private readonly quotes: FeeQuotes,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly phased: PhasedMintCall,
  ) {}

  /**
   * Records a mint with the next token id of the collection and queues it. With an idempotency key a
   * repeated request returns the first record instead of minting again. With an actor (a user asks)
   * only the template's owner or a super admin may, only on the template's own collection, within
   * the template's limit, and the actor pays: the fee's worst case is reserved from the actor's
   * ledger in the transaction that stores the record (402 when the balance does not cover it).
   */
  async create(req: CreateMintRequest): Promise<MintRecord> {
    const chain = this.chains.byName(req.chain);
    if (!chain) throw AppError.notFound(`Chain ${req.chain} is not configured`);
    const template = req.actor
      ? await this.access.assertMayMint(req.actor, chain.name, req.nftId, req.collection)
      : undefined;
    // a gasless claim's place under the limit is its chip's or link's voucher's (issue #29)
    const limited = template && req.tokenId === undefined && template.limit > 0 ? template : undefined;
    const input: NewMint = {
      nftId: req.nftId,
      chiplinkId: req.chiplinkId ?? null,
      chain: chain.name,
      chainId: chain.chainId,
      collection: req.collection.toLowerCase(),
      to: req.to.toLowerCase(),
      requestKey: req.idempotencyKey ?? null,
      childLimit: req.childLimit === undefined ? null : BigInt(req.childLimit),
      ...(req.tokenId === undefined ? {} : { tokenId: BigInt(req.tokenId) }),
      ...(req.phase ? { phase: req.phase } : {}),
    };
    if (input.requestKey) {
      const existing = await this.mints.findByRequestKey(input.requestKey);
      if (existing) return this.replay(existing, input);
    }
    const id = randomUUID();
    if (limited) await this.access.takePlace(limited, id, MINT_PLACE_HOLD_S);
    const row = await (
      req.actor ? this.createPaid(req.actor, chain, input, id) : this.unpaid(input, id)
    ).catch(async (error: unknown) => {
      if (limited) await this.givePlaceBack(limited.id, id);
      throw error;
    });
    if (!row && limited) await this.givePlaceBack(limited.id, id);
    if (!row) {
      const winner = input.requestKey ? await this.mints.findByRequestKey(input.requestKey) : undefined;
      if (!winner) throw new Error('mint request lost its idempotency race and found no winner');
      return this.replay(winner, input);
    }
    // The record is stored; if this add fails the recovery sweep re-submits it.
    await this.queue
      .add(mintSubmitJob, mintSubmitPayload(row), { jobId: mintJobId(row.id) })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, mintId: row.id }, 'mint.submit not queued yet'),
      );
    return toMintRecord({ ...row, tx: null });
  }

  /** A place given back for a record that was not stored; its hold expires if this fails too. */
  private async givePlaceBack(nftId: number, mintId: string): Promise<void> {
    await this.access
      .releasePlace(nftId, mintId)
      .catch((error: unknown) => this.logger.warn({ err: error, nftId }, 'place left to expire'));
  }

  /**
   * One database transaction: the record (with its `mint.requested`) and the reservation of its
   * worst-case fee from the actor's ledger. The template's place is taken before (`takePlace`).
   */
  private async createPaid(
    actor: Actor,
    chain: ChainHandle,
    input: NewMint,
    id: string,
  ): Promise<MintRow | undefined> {
    await this.ledger.precheck(this.database.db, { accountId: actor.id, chainId: chain.chainId });
    const tokenId = input.tokenId ?? QUOTE_TOKEN_ID;
    // the call the worker will send: a phased claim costs more than a plain mint (the phase's checks)
    const data = input.phase
      ? await this.phased.callData({ ...input, chainId: chain.chainId, tokenId, phase: input.phase })
      : mintCallData(input.to, tokenId, input.childLimit);
    const quote = await this.quotes.quote(
      chain,
      { to: input.collection, data, value: 0n },
      MINT_GAS_FALLBACK,
    );
    return this.database.db.transaction(async (tx) => {
      const row = await this.mints.createIn(tx, input, actor.id, id);
      if (!row) return undefined;
      await this.ledger.reserve(tx, {
        accountId: actor.id,
        chainId: chain.chainId,
        reference: row.txKey ?? `mint-${row.id}`,
        amount: quote.amount,
        note: `mint of token ${row.tokenId}: up to ${quote.gasLimit} gas at ${formatGwei(quote.maxFeePerGas)} gwei`,
      });
      return row;
    });
  }

  private unpaid(input: NewMint, id: string): Promise<MintRow | undefined> {
    // a gasless claim is always paid by its template's owner: it never comes without an actor
    if (input.tokenId !== undefined)
      throw new AppError('gasless_unpaid', 'A gasless claim needs the paying owner', 400);
    return this.mints.create(input, id);
  }

  async list(req: ListMintsRequest): Promise<ListMintsReply> {
    if (req.actor) await this.access.template(req.actor, req.chain, req.nftId);
    const chain = this.chains.byName(req.chain);
    if (!chain) return { items: [] };
    const rows = await this.mints.list({
      chainId: chain.chainId,
      nftId: req.nftId,
      chiplinkId: req.chiplinkId,
    });
    return {
      items: rows.map((row) => {
        const record = toMintRecord(row);
        return {
          tokenId: record.tokenId,
          to: record.to,
          created: record.created,
          status: mintStatus(row),
          tx: record.tx,
        };
      }),
    };
  }

  /** The record stored under an idempotency key, with its transaction's state. */
  async byKey(key: string): Promise<MintRecord | undefined> {
    const row = await this.mints.findByRequestKey(key);
    return row ? toMintRecord(await this.mints.withTx(row)) : undefined;
  }

  async byId(id: string): Promise<MintRecord | undefined> {
    const row = await this.mints.findById(id);
    return row ? toMintRecord(await this.mints.withTx(row)) : undefined;
  }

  private async replay(existing: MintRow, input: NewMint): Promise<MintRecord> {
    const same =
      existing.nftId === input.nftId &&
      existing.chiplinkId === input.chiplinkId &&
      existing.chainId === input.chainId &&
      existing.collection === input.collection &&
      existing.toAddress === input.to &&
      (input.tokenId === undefined || existing.tokenId === input.tokenId) &&
      existing.childLimit === (input.childLimit ?? null);
    if (!same)
      throw new AppError('idempotency_conflict', 'This Idempotency-Key was used for another mint', 409);
    return toMintRecord(await this.mints.withTx(existing));
  }
}
