import { Inject, Injectable } from '@nestjs/common';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import type { LocalSigner } from '@metatag/chain';
import type { ActiveJob, JobData, JobPayload, JobQueue, JobResult } from '@metatag/queue';
import { txJobId, txSendJob, type mintSubmitJob } from '../jobs/relayer.jobs.js';
import { JOB_QUEUE, SIGNER } from '../relayer.tokens.js';
import { FeeLedger } from '../fees/fee-ledger.js';
import { TransactionRepository } from '../transactions/transaction.repository.js';
import type { MintRow } from './mint.repository.js';
import { PhasedMintCall } from './phased-mint-call.js';

type MintSubmitJob = typeof mintSubmitJob;

/**
 * `mint(to, tokenId)` on a collection: what the relayer's key sends as the collection's minter; with a
 * child limit (a limited edition's father, issue #18) `mintWithLimit(to, tokenId, childLimit)`.
 */
export function mintCallData(to: string, tokenId: bigint, childLimit?: bigint | null): Hex {
  if (childLimit !== undefined && childLimit !== null)
    return encodeFunctionData({
      abi: collectionAbi,
      functionName: 'mintWithLimit',
      args: [to as Address, tokenId, childLimit],
    });
  return encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [to as Address, tokenId] });
}

/** The mint.submit payload of a record. */
export function mintSubmitPayload(mint: MintRow): JobPayload<MintSubmitJob> {
  return {
    mintId: mint.id,
    chainId: mint.chainId,
    collection: mint.collection,
    to: mint.toAddress,
    tokenId: mint.tokenId.toString(),
    txKey: mint.txKey ?? `mint-${mint.id}`,
    ...(mint.childLimit === null ? {} : { childLimit: mint.childLimit.toString() }),
    ...(mint.phase ? { phase: mint.phase } : {}),
  };
}

/**
 * `mint.submit`: turns a mint record into its transaction (`mint(to, tokenId)` on the collection,
 * which the relayer's key must be the minter of) and hands it to `tx.send`. The transaction row is
 * stored (only while the record is still queued) before the job is queued, so a lost job is found
 * again by the recovery sweep.
 */
@Injectable()
export class MintSubmitProcessor {
  constructor(
    private readonly txs: TransactionRepository,
    private readonly ledger: FeeLedger,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(SIGNER) private readonly signer: LocalSigner,
    private readonly phased: PhasedMintCall,
  ) {}

  async handle(job: ActiveJob<JobData<MintSubmitJob>>): Promise<JobResult<MintSubmitJob>> {
    const m = job.data;
    const data = m.phase
      ? await this.phased.callData({ ...m, tokenId: BigInt(m.tokenId), phase: m.phase })
      : mintCallData(m.to, BigInt(m.tokenId), m.childLimit === undefined ? null : BigInt(m.childLimit));
    const request = { chainId: m.chainId, to: m.collection, data, kind: 'mint', idempotencyKey: m.txKey };
    const queued = await this.txs.requestForQueuedMint(m.mintId, {
      ...request,
      value: 0n,
      from: this.signer.key,
    });
    // A record confirmed or failed meanwhile (e.g. a visitor's wallet minted the token) needs nothing:
    // what its fee held goes back.
    if (!queued) {
      await this.txs.db.transaction((tx) => this.ledger.closeUnsent(tx, [m.txKey]));
      return { status: 'skipped' };
    }
    await this.queue.add(txSendJob, { ...request, value: '0' }, { jobId: txJobId(m.txKey) });
    return { status: 'queued' };
  }
}
