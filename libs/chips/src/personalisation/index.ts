export { ndefFile, urlOfNdef, uriPrefix, NDEF_FILE_SIZE, URL_TEXT_OFFSET } from './ndef.js';
export {
  sdmSettings,
  parseFileSettings,
  type SdmSettings,
  type SdmOptions,
  type SdmKeys,
  type ParsedFileSettings,
} from './sdm-settings.js';
export { Ntag424Host, ChipStatusError } from './host.js';
export {
  personaliseChip,
  sunAt,
  STEPS,
  ChipRefused,
  type ChipPlan,
  type ChipOutcome,
  type Step,
} from './personalise-chip.js';
export {
  bureauPackage,
  sealBureauPackage,
  openBureauPackage,
  passphraseProblem,
  sdmSettingsJson,
  PassphraseError,
  BUREAU_PACKAGE_FORMAT,
  BUREAU_PACKAGE_AAD,
  BUREAU_PACKAGE_KDF,
  CHECK_UID,
  type BureauPackage,
  type BureauPackageFile,
  type BureauBatch,
  type BureauKey,
} from './bureau-package.js';
export {
  batchTemplateView,
  CHIP_ID_LENGTH,
  PER_CHIP_TEMPLATE,
  type BatchTemplateView,
} from './batch-template.js';
