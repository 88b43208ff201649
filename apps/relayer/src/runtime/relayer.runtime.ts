import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { RelayerConfig } from '@metatag/config';
import type { Database } from '@metatag/db';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import { LOGGER, SERVICE_CONFIG, type ServiceClient } from '@metatag/nest-kit';
import { Outbox } from '@metatag/outbox';
import type { JobQueue } from '@metatag/queue';
import { mintSubmitJob, txSendJob } from '../jobs/relayer.jobs.js';
import { MintConfirmer } from '../mints/mint.confirmer.js';
import { MintSubmitProcessor } from '../mints/mint-submit.processor.js';
import { RecoverySweeper } from '../recovery/recovery.sweeper.js';
import { CHAINS, EVENTS, JOB_QUEUE, SENDER_DATABASE, SIGNER, WORKER_DATABASE } from '../relayer.tokens.js';
import { ReceiptTracker } from '../transactions/receipt.tracker.js';
import { TxSendProcessor } from '../transactions/tx-send.processor.js';
import { TxSenderRegistry } from '../transactions/tx-sender.registry.js';

/**
 * Starts and stops the relayer's workers in a fixed order. Start: queued work found in the database is
 * queued again, then the job processors and the loops run. Stop: the queue first (running jobs finish,
 * so no signed batch is left half recorded), then the loops, then a last outbox flush.
 */
@Injectable()
export class RelayerRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopped = false;

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(EVENTS) private readonly events: ServiceClient,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
    @Inject(SIGNER) private readonly signer: LocalSigner,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SENDER_DATABASE) private readonly senderDatabase: Database,
    @Inject(WORKER_DATABASE) private readonly workerDatabase: Database,
    private readonly senders: TxSenderRegistry,
    private readonly txSend: TxSendProcessor,
    private readonly mintSubmit: MintSubmitProcessor,
    private readonly tracker: ReceiptTracker,
    private readonly confirmer: MintConfirmer,
    private readonly outbox: Outbox,
    private readonly sweeper: RecoverySweeper,
  ) {
    // A finished transaction may finish a mint: look at once rather than at the next tick.
    tracker.onFinished(() => confirmer.task.kick());
  }

  async onApplicationBootstrap(): Promise<void> {
    const concurrency = this.config.TX_SEND_CONCURRENCY;
    await this.queue.process(txSendJob, (job) => this.txSend.handle(job), { concurrency });
    await this.queue.process(mintSubmitJob, (job) => this.mintSubmit.handle(job), { concurrency });
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'job queue trouble'));
    this.queue.on('failed', (e) =>
      this.logger.warn({ job: e.name, id: e.id, reason: e.failedReason }, 'job failed'),
    );
    await this.sweeper
      .sweep(0)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'boot sweep failed'));
    for (const task of [this.tracker.task, this.confirmer.task, this.sweeper.task]) task.start();
    this.outbox.start();
    this.logger.info(
      {
        sender: this.signer.address,
        chains: this.chains.list().map((c) => c.name),
        queue: this.config.QUEUE,
        concurrency,
      },
      'relayer sending transactions',
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.queue.close();
    await this.senders.idle();
    await Promise.all([this.sweeper.task.stop(), this.tracker.task.stop(), this.confirmer.task.stop()]);
    await this.outbox.stop();
    await this.outbox
      .publishAll()
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'events left in the outbox; published on the next start'),
      );
    await this.events.close();
    await this.senderDatabase.close();
    await this.workerDatabase.close();
  }
}
