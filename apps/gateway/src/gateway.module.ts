import { NfcNftController } from './nfc-nft/nfc-nft.controller.js';
import { LimitedChainController } from './limited/limited-chain.controller.js';
import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Database } from '@metatag/db';
import { CLOCK, systemClock, type ServiceClient } from '@metatag/nest-kit';
import { AccessGuard } from './access/access.guard.js';
import { ApiDocsController } from './docs/api-docs.controller.js';
import { HealthController } from './health/health.controller.js';
import { ReadinessService } from './health/readiness.service.js';
import { AuthController } from './auth/auth.controller.js';
import { RpcProxyController } from './rpc/rpc-proxy.controller.js';
import { UsersController } from './users/users.controller.js';
import { CollectionsController } from './collections/collections.controller.js';
import { DeployerController } from './deployer/deployer.controller.js';
import { MediaController } from './media/media.controller.js';
import { MediaUploadService } from './media/media-upload.service.js';
import { MEDIA_STORAGE } from './media/media.tokens.js';
import { NftTemplatesController } from './templates/nft-templates.controller.js';
import { TokenMetadataController } from './templates/token-metadata.controller.js';
import { createMediaStorage } from '@metatag/storage';
import { MintsController } from './mints/mints.controller.js';
import { LimitedCreateController } from './limited/limited-create.controller.js';
import { ChiplinksController } from './chiplinks/chiplinks.controller.js';
import { ChipBatchesController } from './chiplinks/chip-batches.controller.js';
import { QrCodesController } from './chiplinks/qr-codes.controller.js';
import { ResaleController } from './chiplinks/resale.controller.js';
import { ScanController } from './chiplinks/scan.controller.js';
import { PasskeysController } from './passkeys/passkeys.controller.js';
import { EmailClaimController } from './chiplinks/email-claim.controller.js';
import { RedemptionsController } from './redemptions/redemptions.controller.js';
import { RedemptionNotifier } from './redemptions/redemption-notifier.js';
import { ShopMailer } from './shop/shop-mailer.js';
import { RedemptionTeller } from './redemptions/redemption-teller.js';
import { RecoveriesController } from './recoveries/recoveries.controller.js';
import { ClientRateLimiter } from './http/client-rate.limiter.js';
import { RawTransactionPolicy } from './rpc/raw-transaction.policy.js';
import { ScanRateLimiter } from './chiplinks/scan-rate.limiter.js';
import { ChipPageRenderer } from './spa/chip-page.renderer.js';
import { ChipPagesController } from './spa/chip-pages.controller.js';
import { SpaFiles } from './spa/spa-files.js';
import { rejectMalformedInput } from './http/input-guard.js';
import { GATEWAY_CONFIG, GATEWAY_DATABASE, SERVICES } from './tokens.js';
import { MailController } from './mail/mail.controller.js';
import { createMailer } from './mail/mailer.js';
import { MAILER } from './mail/mail.tokens.js';
import { NftEmailService } from './mail/nft-email.service.js';
import { MintTicketController } from './shop/mint-ticket.controller.js';
import { ShopDeliveriesController } from './shop/shop-deliveries.controller.js';
import { WooCommerceWebhookController } from './shop/woocommerce-webhook.controller.js';
import { UtilityCheckController } from './utility/utility-check.controller.js';
import { SearchController } from './search/search.controller.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import type { GatewayConfig } from '@metatag/config';

export interface GatewayDeps {
  config: GatewayConfig;
  database: Database;
  services: ServiceClient;
  /** The built web app: index.html for every page, and the chip pages rendered on the server. */
  spa: SpaFiles;
  chipPages: ChipPageRenderer;
}

/** Every HTTP controller of the gateway; the route-authorization matrix test walks this list. */
export const GATEWAY_CONTROLLERS = [
  HealthController,
  ApiDocsController,
  AuthController,
  UsersController,
  RpcProxyController,
  CollectionsController,
  NftTemplatesController,
  TokenMetadataController,
  MediaController,
  DeployerController,
  MintsController,
  LimitedCreateController,
  // before ChiplinksController: /json/qrlink/{id}/qr.svg must not match /json/qrlink/{type}/{nftId}
  QrCodesController,
  ChiplinksController,
  ChipBatchesController,
  ScanController,
  ResaleController,
  PasskeysController,
  EmailClaimController,
  RedemptionsController,
  RecoveriesController,
  NfcNftController,
  WooCommerceWebhookController,
  ShopDeliveriesController,
  MintTicketController,
  MailController,
  UtilityCheckController,
  ChipPagesController,
  SearchController,
  AnalyticsController,
  LimitedChainController,
];

/** The HTTP edge: routes the JSON API to services over the transport; owns no data. */
@Module({})
export class GatewayModule implements NestModule {
  /** After the body parsers: NUL characters and too deep JSON are a 400 on every route. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(rejectMalformedInput).forRoutes(...GATEWAY_CONTROLLERS);
  }

  static forRoot(deps: GatewayDeps): DynamicModule {
    return {
      module: GatewayModule,
      controllers: GATEWAY_CONTROLLERS,
      providers: [
        ReadinessService,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: GATEWAY_DATABASE, useValue: deps.database },
        { provide: SERVICES, useValue: deps.services },
        { provide: GATEWAY_CONFIG, useValue: deps.config },
        { provide: MEDIA_STORAGE, useFactory: () => createMediaStorage(deps.config) },
        MediaUploadService,
        { provide: MAILER, useFactory: () => createMailer(deps.config) },
        NftEmailService,
        { provide: CLOCK, useValue: systemClock },
        RedemptionTeller,
        RedemptionNotifier,
        ShopMailer,
        ScanRateLimiter,
        ClientRateLimiter,
        RawTransactionPolicy,
        { provide: SpaFiles, useValue: deps.spa },
        { provide: ChipPageRenderer, useValue: deps.chipPages },
      ],
    };
  }
}
