export {
  DEFAULT_FEE_POLICY,
  initialFees,
  bumped,
  replacementFees,
  isValidReplacement,
  gasLimitFromEstimate,
  type Eip1559Fees,
  type FeePolicy,
} from './fee.policy.js';
export { FeeOracle } from './fee.oracle.js';
export { reconcileNextNonce, assignNonces, nonceState, nonceGaps } from './nonce.policy.js';
export {
  classifySendError,
  isNetworkError,
  errorText,
  shortReason,
  type SendErrorKind,
} from './send-error.classifier.js';
export { isRevert, revertData, revertErrorName, revertReason } from './revert.js';
export {
  LocalSigner,
  PRIVATE_KEY_PATTERN,
  type SignedTransaction,
  type UnsignedTransaction,
} from './local-signer.js';
export {
  createChainClient,
  tracedFetch,
  configuredChains,
  type ChainClientOptions,
  type ConfiguredChain,
} from './chain-client.factory.js';
export {
  erc721TransferEvent,
  tokenTransfers,
  findMintTransfer,
  type TokenTransfer,
} from './erc721-transfer.js';
export { tokenOwner } from './erc721-owner.js';
export { ChainDirectory, type ChainHandle } from './chain.directory.js';
