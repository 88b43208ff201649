export {
  createChainReader,
  initialCursor,
  type ChainReader,
  type IndexedToken,
  type IndexedTokenEvent,
  type IndexedTokenSnapshot,
  type TokenEventPage,
  type IndexedTransfer,
  type IndexStatus,
  type Queryable,
  type TransferCursor,
  type TransferPage,
} from './chain-reader.js';
export {
  createLifecycleReader,
  type IndexedRecovery,
  type IndexedRedemption,
  type LifecycleReader,
  type RedemptionPage,
} from './lifecycle-reader.js';
