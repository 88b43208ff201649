export { aesCmac } from './aes-cmac.js';
export {
  parseAuth,
  formatAuth,
  decryptPiccData,
  sdmMac,
  verifySun,
  simulateSun,
  type ChipKeys,
  type SunMessage,
  type PiccData,
  type SunVerdict,
} from './sun.js';
export { diversifyKey, deriveChipKeys, KEY_NUMBERS } from './diversify.js';
