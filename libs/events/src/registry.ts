import { ANALYTICS } from './analytics.js';
import { AUTH } from './auth.js';
import { CHIP_BATCHES } from './chip-batches.js';
import { CHIPLINK_VISITS, CHIPLINKS, CHIPLINKS_EVENTS, VOUCHERS } from './chiplinks.js';
import { DEFAULT_COLLECTION_CHECKS, DEFAULT_COLLECTIONS } from './default-collections.js';
import type { EventDefinition, RequestDefinition } from './define.js';
import { DEPLOYER } from './deployer.js';
import { HEALTH } from './health.js';
import { NFC_NFT, TAG_RELAY } from './nfc-nft.js';
import { LEDGER_EVENTS } from './ledger.js';
import { LIMITED_CHAIN } from './limited-chain.js';
import { REDEMPTIONS } from './redemptions.js';
import { RECOVERIES } from './recoveries.js';
import { PASSKEYS } from './passkeys.js';
import { RELAYER, RELAYER_EVENTS, RELAYER_LEDGER } from './relayer.js';
import { SHOP, SHOP_AUTH, SHOP_TEMPLATES } from './shop.js';
import { SEARCH } from './search.js';
import { TEMPLATES } from './templates.js';
import { TEMPLATES_EVENTS, TEMPLATES_READ_MODEL } from './templates-read-model.js';
import { UTILITY } from './utility.js';

/** Every request/reply message the services answer. */
export const ALL_REQUESTS: readonly RequestDefinition[] = [
  ...Object.values(HEALTH),
  ...Object.values(AUTH),
  ...Object.values(TEMPLATES),
  ...Object.values(DEFAULT_COLLECTIONS),
  ...Object.values(CHIPLINKS),
  ...Object.values(CHIPLINK_VISITS),
  ...Object.values(CHIP_BATCHES),
  ...Object.values(NFC_NFT),
  ...Object.values(TAG_RELAY),
  ...Object.values(VOUCHERS),
  ...Object.values(RELAYER),
  ...Object.values(RELAYER_LEDGER),
  ...Object.values(DEPLOYER),
  ...Object.values(DEFAULT_COLLECTION_CHECKS),
  ...Object.values(SHOP),
  ...Object.values(SHOP_TEMPLATES),
  ...Object.values(SHOP_AUTH),
  ...Object.values(UTILITY),
  ...Object.values(SEARCH),
  ...Object.values(ANALYTICS),
  ...Object.values(LIMITED_CHAIN),
  ...Object.values(REDEMPTIONS),
  ...Object.values(RECOVERIES),
  ...Object.values(TEMPLATES_READ_MODEL),
  ...Object.values(PASSKEYS),
];

/** Every event a service announces. */
export const ALL_EVENTS: readonly EventDefinition[] = [
  ...Object.values(CHIPLINKS_EVENTS),
  ...Object.values(RELAYER_EVENTS),
  ...Object.values(LEDGER_EVENTS),
  ...Object.values(TEMPLATES_EVENTS),
];

const bySubject = new Map(ALL_EVENTS.map((definition) => [definition.subject, definition]));

/**
 * The event definition of a subject: for senders that store the subject (the relayer's outbox keeps
 * it in each row) and publish later, so they still emit through a definition.
 */
export function eventBySubject(subject: string): EventDefinition | undefined {
  return bySubject.get(subject);
}
