export { hex, fromHex, crc32nk, truncateMac, pad, unpad } from './bytes.js';
export { AesSuite, LrpSuite, type Suite } from './suite.js';
export {
  wrapCommand,
  unwrapResponse,
  openCommand,
  sealResponse,
  parseApdu,
  commandMac,
  responseMac,
  type CommMode,
  type SessionState,
  type Unwrapped,
} from './wrap.js';
export {
  hostAuth,
  cardAuth,
  authCommand1,
  aesSessionKeys,
  lrpSessionKey,
  INS,
  type HostAuth,
} from './auth.js';
export { changeKeyData, changeKeyApdu } from './change-key.js';
