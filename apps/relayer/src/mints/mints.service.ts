import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ChainDirectory } from '@metatag/chain';
import type { CreateMintRequest, ListMintsReply, ListMintsRequest, MintRecord } from '@metatag/events';
import { AppError, LOGGER } from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { mintJobId, mintSubmitJob } from '../jobs/relayer.jobs.js';
import { CHAINS, JOB_QUEUE } from '../relayer.tokens.js';
import { MintAccess } from './mint-access.js';
import { MintRepository, type MintRow } from './mint.repository.js';
import { mintStatus, toMintRecord } from './mint.view.js';
import { mintSubmitPayload } from './mint-submit.processor.js';

/** Manual mints (spec section 7: POST /json/{chain}/mint, GET /json/{chain}/mints/{nftId}). */
@Injectable()
export class MintsService {
  constructor(
    private readonly mints: MintRepository,
    private readonly access: MintAccess,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Records a mint with the next token id of the collection and queues it. With an idempotency key a
   * repeated request returns the first record instead of minting again. With an actor (a user asks)
   * only the template's owner or a super admin may, and only on the template's own collection.
   */
  async create(req: CreateMintRequest): Promise<MintRecord> {
    const chain = this.chains.byName(req.chain);
    if (!chain) throw AppError.notFound(`Chain ${req.chain} is not configured`);
    if (req.actor) await this.access.assertMayMint(req.actor, chain.name, req.nftId, req.collection);
    const input = {
      nftId: req.nftId,
      chiplinkId: req.chiplinkId ?? null,
      chain: chain.name,
      chainId: chain.chainId,
      collection: req.collection.toLowerCase(),
      to: req.to.toLowerCase(),
      requestKey: req.idempotencyKey ?? null,
    };
    if (input.requestKey) {
      const existing = await this.mints.findByRequestKey(input.requestKey);
      if (existing) return this.replay(existing, input);
    }
    const row = await this.mints.create(input);
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

  private async replay(
    existing: MintRow,
    input: { nftId: string; chiplinkId: string | null; chainId: number; collection: string; to: string },
  ): Promise<MintRecord> {
    const same =
      existing.nftId === input.nftId &&
      existing.chiplinkId === input.chiplinkId &&
      existing.chainId === input.chainId &&
      existing.collection === input.collection &&
      existing.toAddress === input.to;
    if (!same)
      throw new AppError('idempotency_conflict', 'This Idempotency-Key was used for another mint', 409);
    return toMintRecord(await this.mints.withTx(existing));
  }
}
