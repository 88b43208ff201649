import { parseEventLogs, zeroAddress, type Address, type Hex, type Log } from 'viem';

/** ERC-721 Transfer: all three arguments indexed (an ERC-20 Transfer has the same topic but 3 topics). */
export const erc721TransferEvent = {
  type: 'event',
  name: 'Transfer',
  inputs: [
    { name: 'from', type: 'address', indexed: true },
    { name: 'to', type: 'address', indexed: true },
    { name: 'tokenId', type: 'uint256', indexed: true },
  ],
} as const;

export interface TokenTransfer {
  collection: Address;
  from: Address;
  to: Address;
  tokenId: bigint;
  logIndex: number;
  transactionHash: Hex;
  blockNumber: bigint;
}

/** Every ERC-721 Transfer in a receipt's logs. */
export function tokenTransfers(logs: readonly Log[]): TokenTransfer[] {
  return parseEventLogs({ abi: [erc721TransferEvent], logs: [...logs], strict: true }).map((log) => ({
    collection: log.address,
    from: log.args.from,
    to: log.args.to,
    tokenId: log.args.tokenId,
    logIndex: log.logIndex ?? 0,
    transactionHash: log.transactionHash ?? '0x',
    blockNumber: log.blockNumber ?? 0n,
  }));
}

/** The mint (Transfer from the zero address) of `tokenId` by `collection` in a receipt, if any. */
export function findMintTransfer(
  logs: readonly Log[],
  collection: string,
  tokenId: bigint,
): TokenTransfer | undefined {
  const wanted = collection.toLowerCase();
  return tokenTransfers(logs).find(
    (t) => t.collection.toLowerCase() === wanted && t.tokenId === tokenId && t.from === zeroAddress,
  );
}
