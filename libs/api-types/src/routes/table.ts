// The route table: every route, feature by feature (the *.routes.ts files of this folder).
import { INSIGHTS_ROUTES } from './insights.routes.js';
import { CHIP_BATCH_ROUTES } from './chip-batches.routes.js';
import { LIMITED_CHAIN_ROUTES } from './limited-chain.routes.js';
import { NFC_NFT_ROUTES } from './nfc-nft.routes.js';
import { MINT_FLOW_ROUTES } from './mint-flow.routes.js';
import { LIMITED_ROUTES } from './limited.routes.js';
import { EMAIL_CLAIM_ROUTES } from './email-claim.routes.js';
import { RESALE_ROUTES } from './resale.routes.js';
import { PASSKEY_ROUTES } from './passkey.routes.js';
import { REDEMPTION_ROUTES } from './redemption.routes.js';
import { RECOVERY_ROUTES } from './recovery.routes.js';
import { AUTH_ROUTES } from './auth.routes.js';
import { USER_ROUTES } from './users.routes.js';
import { COLLECTION_ROUTES } from './collections.routes.js';
import { NFT_TEMPLATE_ROUTES } from './nft-templates.routes.js';
import { MINT_ROUTES } from './mints.routes.js';
import { CHIPLINK_ROUTES } from './chiplinks.routes.js';
import { PUBLIC_SCAN_ROUTES } from './scan.routes.js';
import { OPERATION_ROUTES } from './operations.routes.js';
import { SERVER_ERROR } from './table.shared.js';

/**
 * Every route the gateway serves (spec section 7 and the routes added since): one contract for the
 * gateway's conformance test, the OpenAPI document, the web app's typed client and @metatag/sdk.
 * Keys are stable operation ids.
 */
export const API_ROUTES = {
  ...AUTH_ROUTES,
  ...USER_ROUTES,
  ...COLLECTION_ROUTES,
  ...NFT_TEMPLATE_ROUTES,
  ...MINT_ROUTES,
  ...CHIPLINK_ROUTES,
  ...PUBLIC_SCAN_ROUTES,
  ...OPERATION_ROUTES,
  ...INSIGHTS_ROUTES,
  ...NFC_NFT_ROUTES,
  ...LIMITED_CHAIN_ROUTES,
  ...CHIP_BATCH_ROUTES,
  ...MINT_FLOW_ROUTES,
  ...LIMITED_ROUTES,
  ...EMAIL_CLAIM_ROUTES,
  ...RESALE_ROUTES,
  ...REDEMPTION_ROUTES,
  ...RECOVERY_ROUTES,
  ...PASSKEY_ROUTES,
} as const;

export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;

/** Every failure may also be this (spec section 7): the client's own text when a request fails. */
export const GENERIC_ERROR_TEXT = SERVER_ERROR;
