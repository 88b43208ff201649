import { Inject, Injectable, Module, type DynamicModule, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { ChainDirectory } from '@metatag/chain';
import { tagRelayerOf, type ChiplinksConfig } from '@metatag/config';
import pg from 'pg';
import type { Database } from '@metatag/db';
import {
  CLOCK,
  createServiceClient,
  DATABASE,
  LOGGER,
  ServiceCoreModule,
  type Clock,
  type ServiceClient,
  type ServiceDeps,
} from '@metatag/nest-kit';
import { Outbox } from '@metatag/outbox';
import { ChiplinksHandlers } from './chiplinks.handlers.js';
import { ChiplinksOutboxRunner, chiplinksOutbox } from './outbox/chiplinks-outbox.js';
import { PasskeysHandlers } from './passkeys/passkeys.handlers.js';
import { PasskeysService } from './passkeys/passkeys.service.js';
import { BatchesHandlers } from './batches/batches.handlers.js';
import { BatchRepository } from './batches/batch.repository.js';
import { BatchesService } from './batches/batches.service.js';
import { BatchTapService } from './batches/batch-tap.service.js';
import { NfcNftHandlers } from './nfc-nft/nfc-nft.handlers.js';
import { NfcNftRepository } from './nfc-nft/nfc-nft.repository.js';
import { PendingRelay } from './nfc-nft/pending-relay.js';
import { RelayConfirmation } from './nfc-nft/relay-confirmation.js';
import { GaslessRelay } from './nfc-nft/gasless-relay.js';
import { NfcNftService } from './nfc-nft/nfc-nft.service.js';
import { RecordTargetPolicy, TAG_RELAYERS, type TagRelayers } from './nfc-nft/record-targets.policy.js';
import { MintLedgerHandlers } from './mint/mint-ledger.handlers.js';
import { ResaleClaimRepository } from './resale/resale-claim.repository.js';
import { ResaleHandlers } from './resale/resale.handlers.js';
import { ResaleService } from './resale/resale.service.js';
import { LimitedChainHandlers } from './limited/limited-chain.handlers.js';
import { LimitedChainService } from './limited/limited-chain.service.js';
import { RedemptionRepository } from './redemptions/redemption.repository.js';
import { RedemptionsHandlers } from './redemptions/redemptions.handlers.js';
import { RedemptionsService } from './redemptions/redemptions.service.js';
import { RedemptionFollower } from './redemptions/redemption.follower.js';
import { RecoveriesHandlers } from './recoveries/recoveries.handlers.js';
import { RecoveriesService } from './recoveries/recoveries.service.js';
import { TokenLifecycle } from './redemptions/token-lifecycle.js';
import { LimitedTokenRepository } from './limited/limited-token.repository.js';
import {
  CHAINS,
  CHIP_KEY_POLICY,
  EMAIL_CLAIM_POLICY,
  type EmailClaimPolicy,
  GEO_LOOKUP,
  SCAN_DATABASE,
  SERVICES,
  TEMPLATE_LOOKUP,
  TOKEN_STATE,
  VOUCHER_SIGNER,
} from './chiplinks.tokens.js';
import { CheckTagService } from './chips/check-tag.service.js';
import { ChipKeyring } from './chips/chip-keyring.js';
import { ContinuationCredentials } from './chips/continuation.js';
import { ContinuationRepository } from './chips/continuation.repository.js';
import { ContinuationService } from './chips/continuation.service.js';
import { UtilityTokenService } from './chips/utility-token.service.js';
import { TapUrlDoctor } from './chips/tap-url.doctor.js';
import { ScanTokens } from './chips/scan-token.js';
import { EmailClaimRepository } from './email-claims/email-claim.repository.js';
import { EmailClaimsService } from './email-claims/email-claims.service.js';
import { ChiplinkRepository } from './links/chiplink.repository.js';
import { ChipTapRepository } from './chips/chip-tap.repository.js';
import { CountsAnnouncer } from './links/counts-announcer.js';
import { LockRepository } from './lock/lock.repository.js';
import { VoucherRepository } from './mint/voucher.repository.js';
import { ChiplinksService } from './links/chiplinks.service.js';
import { LookupService } from './links/lookup.service.js';
import { LockService } from './lock/lock.service.js';
import { IndexerLagMetrics } from './mint/indexer-lag.metrics.js';
import { GaslessMinter } from './mint/gasless-minter.js';
import { MintDataService } from './mint/mint-data.service.js';
import { TwoTapRule } from './mint/two-tap.rule.js';
import { ClaimPhaseRule } from './mint/claim-phase.rule.js';
import { IndexedOrChainTokenState } from './mint/token-state.reader.js';
import { RelayerVoucherSigner } from './mint/voucher.signer.js';
import { GeoLiteLookup } from './scans/geo.lookup.js';
import { ScanRecorder } from './scans/scan.recorder.js';
import { ScanRepository } from './scans/scan.repository.js';
import { ChiplinkSearchHandlers } from './search/chiplink-search.handlers.js';
import { ScanAnalyticsHandlers } from './analytics/scan-analytics.handlers.js';
import { ScanAnalyticsRepository } from './analytics/scan-analytics.repository.js';
import { TokenInsights } from './analytics/token-insights.js';
import { ChiplinkSearchRepository } from './search/chiplink-search.repository.js';
import { ProjectedTemplateLookup } from './templates/template.lookup.js';
import { TemplatesCatchUp } from './templates/templates.catch-up.js';
import { TemplatesProjection } from './templates/templates.projection.js';
import { TemplatesProjectionHandlers } from './templates/templates-projection.handlers.js';
import { ShopHandlers } from './shop/shop.handlers.js';
import { UtilityHandlers } from './utility/utility.handlers.js';
import { UtilityCheckService } from './utility/utility-check.service.js';
import { ShopOrderRepository } from './shop/shop-order.repository.js';
import { ShopOrdersService } from './shop/shop-orders.service.js';
import { ShopEmailsService } from './shop/shop-emails.service.js';
import { QUOTA_LIMITS, QuotaGuard, quotaLimitsOf } from './quota/quota.guard.js';

/**
 * The chiplinks service: chips, QR links, scans, chip authentication, mint data and lock. Owns
 * PostgreSQL schema `chiplinks`; keeps a projection of templates' data (templates/templates.projection.ts,
 * fed by its events), asks templates only for an admin command's ownership check, and the relayer for
 * vouchers; answers over the transport only.
 */
@Module({})
export class ChiplinksModule {
  static forRoot(deps: ServiceDeps<ChiplinksConfig>): DynamicModule {
    const { config } = deps;
    if (config.ALLOW_FACTORY_CHIP_KEYS && config.NODE_ENV === 'production')
      throw new Error(
        'ALLOW_FACTORY_CHIP_KEYS is for development: it cannot be set when NODE_ENV=production',
      );
    return {
      module: ChiplinksModule,
      imports: [ServiceCoreModule.forRoot('chiplinks', deps)],
      controllers: [
        ChiplinksHandlers,
        BatchesHandlers,
        MintLedgerHandlers,
        ResaleHandlers,
        TemplatesProjectionHandlers,
        ChiplinkSearchHandlers,
        ScanAnalyticsHandlers,
        NfcNftHandlers,
        ShopHandlers,
        UtilityHandlers,
        LimitedChainHandlers,
        RedemptionsHandlers,
        RecoveriesHandlers,
        PasskeysHandlers,
      ],
      providers: [
        { provide: SERVICES, useFactory: () => createServiceClient('chiplinks', config, deps.bus) },
        {
          provide: Outbox,
          useFactory: (database: Database, client: ServiceClient, logger: Logger) =>
            chiplinksOutbox({ database, client, logger }),
          inject: [DATABASE, SERVICES, LOGGER],
        },
        ChiplinksOutboxRunner,
        CountsAnnouncer,
        TemplatesProjection,
        BatchRepository,
        BatchesService,
        BatchTapService,
        {
          provide: TEMPLATE_LOOKUP,
          useFactory: (services: ServiceClient, projection: TemplatesProjection, clock: Clock) =>
            new ProjectedTemplateLookup(services, projection, clock),
          inject: [SERVICES, TemplatesProjection, CLOCK],
        },
        TemplatesCatchUp,
        {
          provide: VOUCHER_SIGNER,
          useFactory: (services: ServiceClient) => new RelayerVoucherSigner(services),
          inject: [SERVICES],
        },
        { provide: CHAINS, useFactory: () => new ChainDirectory(config) },
        {
          provide: TOKEN_STATE,
          useFactory: (chains: ChainDirectory, database: Database, logger: Logger) =>
            new IndexedOrChainTokenState(chains, database, logger),
          inject: [CHAINS, DATABASE, LOGGER],
        },
        { provide: GEO_LOOKUP, useFactory: () => new GeoLiteLookup() },
        { provide: SCAN_DATABASE, useFactory: () => scanPool(config) },
        { provide: ChipKeyring, useFactory: () => new ChipKeyring(config.CHIP_MASTER_KEY) },
        { provide: CHIP_KEY_POLICY, useValue: { allowFactoryKeys: config.ALLOW_FACTORY_CHIP_KEYS } },
        {
          provide: ScanTokens,
          useFactory: () => new ScanTokens(config.SCAN_TOKEN_SECRET, config.SCAN_TOKEN_TTL_S),
        },
        {
          provide: ContinuationCredentials,
          useFactory: () => new ContinuationCredentials(config.SCAN_TOKEN_SECRET),
        },
        ChiplinkRepository,
        ChipTapRepository,
        VoucherRepository,
        LockRepository,
        { provide: QUOTA_LIMITS, useValue: quotaLimitsOf(config) },
        QuotaGuard,
        ContinuationRepository,
        ContinuationService,
        UtilityTokenService,
        ScanRepository,
        ShopOrderRepository,
        ShopOrdersService,
        ShopEmailsService,
        UtilityCheckService,
        ChiplinkSearchRepository,
        ScanAnalyticsRepository,
        TokenInsights,
        ScanRecorder,
        ChiplinksService,
        CheckTagService,
        TapUrlDoctor,
        LookupService,
        MintDataService,
        EmailClaimRepository,
        EmailClaimsService,
        {
          provide: EMAIL_CLAIM_POLICY,
          useValue: {
            ttlMinutes: config.EMAIL_CLAIM_TTL_MIN,
            perChipPerHour: config.EMAIL_CLAIMS_PER_CHIP_PER_HOUR,
            hashKey: config.SCAN_TOKEN_SECRET,
          } satisfies EmailClaimPolicy,
        },
        GaslessMinter,
        TwoTapRule,
        ClaimPhaseRule,
        LockService,
        ResaleClaimRepository,
        ResaleService,
        ScanPoolCloser,
        {
          provide: TAG_RELAYERS,
          useValue: ((chain) => tagRelayerOf(config, chain) ?? '') satisfies TagRelayers,
        },
        RecordTargetPolicy,
        NfcNftRepository,
        NfcNftService,
        PendingRelay,
        RelayConfirmation,
        GaslessRelay,
        IndexerLagMetrics,
        LimitedTokenRepository,
        LimitedChainService,
        RedemptionRepository,
        RedemptionsService,
        RedemptionFollower,
        RecoveriesService,
        TokenLifecycle,
        PasskeysService,
      ],
    };
  }
}

/**
 * The scan path writes through its own pool. By default its commits are durable (concurrent scans share
 * one UPDATE, so one WAL flush serves many scans). With SCAN_DURABLE_COMMIT=false its sessions commit
 * asynchronously: the counter UPDATE stays atomic and is visible to every other session at once (two
 * concurrent scans still cannot both pass), but if PostgreSQL itself crashes, counters accepted in the
 * last fraction of a second (wal_writer_delay) may be forgotten.
 */
function scanPool(config: ChiplinksConfig): pg.Pool {
  const options = config.SCAN_DURABLE_COMMIT ? '' : ' -c synchronous_commit=off';
  const pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_SIZE,
    application_name: 'chiplinks-scan',
    options: `-c search_path=chiplinks,public${options}`,
  });
  // an idle client losing its server must not crash the process; the next query reconnects
  pool.on('error', () => undefined);
  return pool;
}

@Injectable()
class ScanPoolCloser implements OnModuleDestroy {
  constructor(@Inject(SCAN_DATABASE) private readonly pool: pg.Pool) {}

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
