import { TagRelayHandler } from './vouchers/tag-relay.handler.js';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Hex } from 'viem';
import type { Logger } from 'pino';
import type { RelayerConfig } from '@metatag/config';
import { ChainDirectory, LocalSigner } from '@metatag/chain';
import {
  createServiceClient,
  jobSeconds,
  LOGGER,
  ServiceCoreModule,
  type ServiceClient,
  type ServiceDeps,
} from '@metatag/nest-kit';
import { Outbox } from '@metatag/outbox';
import { createJobQueue } from '@metatag/queue';
import { createDatabase, type Database } from '@metatag/db';
import { RELAYER_JOBS } from './jobs/relayer.jobs.js';
import { FeeQuotes } from './fees/fee-quote.js';
import { FeeLedger } from './fees/fee-ledger.js';
import { FeeHandlers } from './fees/fee.handlers.js';
import { FeeLedgerRepository } from './fees/fee-ledger.repository.js';
import { SponsoredOperations } from './fees/sponsored-operations.js';
import { FeeLedgerService } from './fees/fee-ledger.service.js';
import { PaidTransactions } from './fees/paid-transactions.js';
import { ChainIndexProbe } from './mints/chain-index.probe.js';
import { LimitedCreate } from './limited/limited-create.service.js';
import { MintAccess } from './mints/mint-access.js';
import { MintConfirmer } from './mints/mint.confirmer.js';
import { MintLedgerHandlers } from './mints/mint-ledger.handlers.js';
import { MintRepository } from './mints/mint.repository.js';
import { MintSubmitProcessor } from './mints/mint-submit.processor.js';
import { MintsService } from './mints/mints.service.js';
import { PhasedMintCall } from './mints/phased-mint-call.js';
import { relayerOutbox } from './outbox/relayer-outbox.js';
import { RecoverySweeper } from './recovery/recovery.sweeper.js';
import { ProgressCheck } from './health/progress.check.js';
import { QueueCheck } from './health/queue.check.js';
import { RelayerHandlers } from './relayer.handlers.js';
import { VoucherHandler } from './vouchers/voucher.handler.js';
import {
  BROADCASTER,
  CHAINS,
  EVENTS,
  JOB_QUEUE,
  SENDER_DATABASE,
  SIGNER,
  WORKER_DATABASE,
  WORKER_MINTS,
} from './relayer.tokens.js';
import { RelayerMetrics } from './runtime/relayer.metrics.js';
import { RelayerRuntime } from './runtime/relayer.runtime.js';
import { rpcBroadcaster, type Broadcaster } from './transactions/broadcaster.js';
import { NonceManager } from './transactions/nonce.manager.js';
import { ReceiptCache } from './transactions/receipt.cache.js';
import { ReceiptTracker } from './transactions/receipt.tracker.js';
import { TransactionRepository } from './transactions/transaction.repository.js';
import { TxSendProcessor } from './transactions/tx-send.processor.js';
import { TxSenderRegistry } from './transactions/tx-sender.registry.js';
import { TxSettledSignal } from './transactions/tx-settled.signal.js';

/** Connections of the background work; the API uses the service's main pool (DATABASE_POOL_SIZE). */
const WORKER_POOL_SIZE = 6;

/** Adapters a test may replace (the broadcaster, to simulate a crash between commit and broadcast). */
export interface RelayerOverrides {
  broadcaster?: Broadcaster;
}

/**
 * The relayer service: owns PostgreSQL schema `relayer` (transactions, nonces, mint records, token
 * counters, outbox); sends transactions through `tx.send` jobs (BullMQ or in-process); answers over
 * the transport only.
 */
@Module({})
export class RelayerModule {
  static forRoot(deps: ServiceDeps<RelayerConfig>, overrides: RelayerOverrides = {}): DynamicModule {
    const { config } = deps;
    return {
      module: RelayerModule,
      imports: [ServiceCoreModule.forRoot('relayer', deps)],
      controllers: [RelayerHandlers, VoucherHandler, TagRelayHandler, FeeHandlers, MintLedgerHandlers],
      providers: [
        {
          provide: JOB_QUEUE,
          useFactory: () =>
            createJobQueue({
              kind: config.QUEUE,
              redisUrl: config.REDIS_URL,
              prefix: config.QUEUE_PREFIX,
              jobs: RELAYER_JOBS,
              onAttempt: ({ name, outcome, waitedMs, ranMs }) => {
                jobSeconds.observe({ job: name, outcome, phase: 'wait' }, waitedMs / 1000);
                jobSeconds.observe({ job: name, outcome, phase: 'run' }, ranMs / 1000);
              },
            }),
        },
        { provide: EVENTS, useFactory: () => createServiceClient('relayer', config, deps.bus) },
        { provide: SIGNER, useFactory: () => new LocalSigner(config.RELAYER_PRIVATE_KEY as Hex) },
        { provide: CHAINS, useFactory: () => new ChainDirectory(config) },
        { provide: BROADCASTER, useValue: overrides.broadcaster ?? rpcBroadcaster },
        {
          provide: WORKER_DATABASE,
          useFactory: () =>
            createDatabase({
              url: config.DATABASE_URL,
              schema: deps.database.schema,
              poolSize: WORKER_POOL_SIZE,
              applicationName: 'metatag-relayer-worker',
            }),
        },
        {
          provide: SENDER_DATABASE,
          useFactory: () =>
            createDatabase({
              url: config.DATABASE_URL,
              schema: deps.database.schema,
              poolSize: 2,
              applicationName: 'metatag-relayer-sender',
            }),
        },
        {
          provide: WORKER_MINTS,
          useFactory: (database: Database) => new MintRepository(database),
          inject: [WORKER_DATABASE],
        },
        FeeLedgerRepository,
        FeeLedger,
        LimitedCreate,
        TxSettledSignal,
        FeeLedgerService,
        SponsoredOperations,
        FeeQuotes,
        PaidTransactions,
        {
          provide: Outbox,
          useFactory: (database: Database, client: ServiceClient, logger: Logger) =>
            relayerOutbox({ database, client, logger, transport: config.TRANSPORT }),
          inject: [WORKER_DATABASE, EVENTS, LOGGER],
        },
        TransactionRepository,
        NonceManager,
        TxSenderRegistry,
        TxSendProcessor,
        ReceiptCache,
        ReceiptTracker,
        MintRepository,
        ChainIndexProbe,
        MintAccess,
        MintsService,
        MintSubmitProcessor,
        PhasedMintCall,
        MintConfirmer,
        RecoverySweeper,
        RelayerRuntime,
        ProgressCheck,
        QueueCheck,
        RelayerMetrics,
      ],
      exports: [TxSenderRegistry],
    };
  }
}
