export { aesCmac, AesCmac, cmacSubkeys } from './aes-cmac.js';
export { Lrp } from './lrp.js';
export {
  verifySun,
  inspectSun,
  piccOf,
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
  batchChipKeys,
  batchMetaKey,
  batchApplicationKeys,
  batchAn10922Input,
  sdmBackendTagKey,
  BATCH_DERIVED_SCHEMES,
  type BatchDerivedScheme,
} from './diversify.js';
export {
  type SdmPlaceholder,
  type BatchUrlForm,
  type ReadyFormName,
  type FormMode,
  type FormTap,
  type TamperVerdict,
  SDM_PLACEHOLDERS,
  MAC_INPUT_FROM,
  READY_FORMS,
  READY_FORM_NAMES,
  readyForm,
  pathForm,
  formProblem,
  parseFormTap,
  formMatches,
  detectReadyForm,
  simulateFormTap,
  ndefUrlText,
  tamperVerdict,
  tamperFromFileData,
} from './url-form.js';
export {
  parseGs1DigitalLink,
  gs1PathProblem,
  gtinCheckDigitOk,
  type Gs1DigitalLink,
} from './gs1-digital-link.js';
export { wellKnownKey } from './factory-keys.js';
export * from './secure-messaging/index.js';
export * from './personalisation/index.js';
export * from './pcsc/index.js';
export * from './software-chip/index.js';
export { diagnoseTap, type TapFault } from './tap-doctor.js';
