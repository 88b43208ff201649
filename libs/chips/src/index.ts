export { aesCmac, AesCmac, cmacSubkeys } from './aes-cmac.js';
export { Lrp } from './lrp.js';
export {
  verifySun,
  inspectSun,
  type SunInspection,
  simulateSunParts,
  simulateMac,
  sdmMac,
  sdmMacLrp,
  type ChipKeys,
  type SunMessage,
  type SunMode,
  type PiccData,
  type SunVerdict,
  type SunSimulation,
  type SunParts,
} from './sun.js';
export {
  parseSunQuery,
  simulateTapQuery,
  SUN_LAYOUTS,
  MAX_SUN_QUERY,
  type SunLayout,
  type ParsedSun,
} from './sun-url.js';
export {
  an10922Diversify,
  an10922Input,
  diversificationInput,
  diversifyKey,
  legacyDiversifyKey,
  sdmBackendKeys,
  sdmBackendLegacyKeys,
  deriveChipKeys,
  metaKeyNeedsUid,
  KEY_NUMBERS,
  KEY_SCHEMES,
  type KeyScheme,
  type DerivedScheme,
} from './diversify.js';
export { wellKnownKey } from './factory-keys.js';
