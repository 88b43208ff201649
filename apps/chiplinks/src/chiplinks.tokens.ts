/** Injection tokens of the chiplinks service's own adapters (config, database, logger, clock come from nest-kit). */
export const SERVICES = Symbol('SERVICES');
export const TEMPLATE_LOOKUP = Symbol('TEMPLATE_LOOKUP');
export const TOKEN_STATE = Symbol('TOKEN_STATE');
export const VOUCHER_SIGNER = Symbol('VOUCHER_SIGNER');
export const GEO_LOOKUP = Symbol('GEO_LOOKUP');
export const CHAINS = Symbol('CHAINS');
/** The scan path's own pg.Pool (see ChiplinksModule: asynchronous commit). */
export const SCAN_DATABASE = Symbol('SCAN_DATABASE');
/** Whether provisioning may accept factory or published chip keys (ALLOW_FACTORY_CHIP_KEYS, never in production). */
export const CHIP_KEY_POLICY = Symbol('CHIP_KEY_POLICY');
export interface ChipKeyPolicy {
  allowFactoryKeys: boolean;
}
/** Email claims' settings (EMAIL_CLAIM_TTL_MIN, EMAIL_CLAIMS_PER_CHIP_PER_HOUR; issue #29 item 3). */
export const EMAIL_CLAIM_POLICY = Symbol('EMAIL_CLAIM_POLICY');
export interface EmailClaimPolicy {
  ttlMinutes: number;
  perChipPerHour: number;
  /** Keys the addresses' hashes (SCAN_TOKEN_SECRET). */
  hashKey: string;
}
