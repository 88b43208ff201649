import { z } from 'zod';
import { defineEvent } from './define.js';
import { ADDRESS_PATTERN, uint256Schema } from '@metatag/api-types';

const address = z.string().regex(ADDRESS_PATTERN);
const hash = z.string().regex(/^0x[0-9a-f]{64}$/);

/**
 * Where a fact comes from: one log of one chain. `chainId:txHash:logIndex` identifies it; consumers
 * are idempotent by that key (the ledger publishes at least once, and again after a replay).
 */
const logPosition = z.object({
  /** The configured chain's name (`ganache`, `polygon`, ...). */
  chain: z.string().min(1),
  chainId: z.number().int().positive(),
  collection: address,
  txHash: hash,
  logIndex: z.number().int().nonnegative(),
  blockNumber: uint256Schema,
});

export const tokenMintedEvent = logPosition.extend({
  tokenId: uint256Schema,
  to: address,
  /** The block's time in unix seconds (the mints list shows it); absent in events from before #30. */
  blockTime: uint256Schema.optional(),
});
export type TokenMintedEvent = z.infer<typeof tokenMintedEvent>;

export const tokenTransferredEvent = logPosition.extend({
  tokenId: uint256Schema,
  from: address,
  to: address,
});
export type TokenTransferredEvent = z.infer<typeof tokenTransferredEvent>;

export const childMintedEvent = logPosition.extend({
  parentTokenId: uint256Schema,
  childTokenId: uint256Schema,
  owner: address,
});
export type ChildMintedEvent = z.infer<typeof childMintedEvent>;

export const tokenConnectedToTagEvent = logPosition.extend({
  tokenId: uint256Schema,
  connected: z.boolean(),
});
export type TokenConnectedToTagEvent = z.infer<typeof tokenConnectedToTagEvent>;

/** The idempotency key of a ledger fact: one log of one chain. */
export const ledgerEventKey = (event: { chainId: number; txHash: string; logIndex: number }) =>
  `${event.chainId}:${event.txHash}:${event.logIndex}`;

/**
 * The mint ledger (owned by the templates service): facts of the chain index, in chain order, from an
 * outbox. Every count of mints comes from these (docs/decisions.md "One mint ledger").
 */
export const LEDGER_EVENTS = {
  /** A Transfer from the zero address: a token was minted, by anyone (relayer, voucher, wallet). */
  tokenMinted: defineEvent('token.minted', tokenMintedEvent),
  /** A Transfer between two holders (a burn has the zero address as `to`). */
  tokenTransferred: defineEvent('token.transferred', tokenTransferredEvent),
  /** A MintChild log: `childTokenId` was minted as a child of `parentTokenId`. */
  childMinted: defineEvent('child.minted', childMintedEvent),
  /** A ConnectedToTag log: the token was connected to (or disconnected from) a tag. */
  tokenConnectedToTag: defineEvent('token.connected-to-tag', tokenConnectedToTagEvent),
} as const;
