import { Inject, Injectable } from '@nestjs/common';
import type { LocalSigner } from '@metatag/chain';
import { UnrecoverableJobError, type ActiveJob, type JobData, type JobResult } from '@metatag/queue';
import type { txSendJob } from '../jobs/relayer.jobs.js';
import { SIGNER } from '../relayer.tokens.js';
import { TransactionRepository } from './transaction.repository.js';
import { TxSenderRegistry } from './tx-sender.registry.js';

type TxSendJob = typeof txSendJob;

/**
 * `tx.send`: idempotent by key however often it runs (retries, duplicate adds, BullMQ stalled-job
 * recovery). The row decides: queued → send; sent → broadcast the stored bytes again; finished → done.
 */
@Injectable()
export class TxSendProcessor {
  constructor(
    private readonly txs: TransactionRepository,
    private readonly senders: TxSenderRegistry,
    @Inject(SIGNER) private readonly signer: LocalSigner,
  ) {}

  async handle(job: ActiveJob<JobData<TxSendJob>>): Promise<JobResult<TxSendJob>> {
    const d = job.data;
    const row = await this.txs.request({
      chainId: d.chainId,
      from: this.signer.key,
      to: d.to,
      data: d.data,
      value: BigInt(d.value),
      kind: d.kind,
      idempotencyKey: d.idempotencyKey,
      gasLimit: d.gasLimit === undefined ? undefined : BigInt(d.gasLimit),
    });
    if (row.status === 'confirmed' || row.status === 'failed') return { id: row.id, status: row.status };
    const sender = this.senders.forSender(row.chainId, row.fromAddress);
    if (!sender)
      throw new UnrecoverableJobError(
        `no sender for ${row.fromAddress} on chain ${row.chainId} (chain not configured, or another key)`,
      );
    if (row.status === 'sent') {
      await sender.rebroadcast([row]);
      return { id: row.id, status: row.status };
    }
    // Mined, waiting for its confirmations: the receipt tracker finishes it.
    if (row.status === 'mined') return { id: row.id, status: row.status };
    return { id: row.id, status: await sender.send(row) };
  }
}
