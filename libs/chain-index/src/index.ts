export {
  createChainReader,
  initialCursor,
  type ChainReader,
  type IndexedToken,
  type IndexedTokenSnapshot,
  type IndexedTransfer,
  type IndexStatus,
  type Queryable,
  type TransferCursor,
  type TransferPage,
} from './chain-reader.js';
