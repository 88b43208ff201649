import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeEventTopics, pad, toHex, zeroAddress, type Log } from 'viem';
import { erc721TransferEvent, findMintTransfer, tokenTransfers } from './erc721-transfer.js';

const collection = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function transferLog(
  from: `0x${string}`,
  tokenId: bigint,
  address: `0x${string}` = collection,
  logIndex = 0,
): Log {
  const topics = encodeEventTopics({
    abi: [erc721TransferEvent],
    eventName: 'Transfer',
    args: { from, to, tokenId },
  });
  return {
    address,
    topics: topics as Log['topics'],
    data: '0x',
    blockHash: pad('0x1'),
    blockNumber: 10n,
    logIndex,
    transactionHash: pad('0x2'),
    transactionIndex: 0,
    removed: false,
  };
}

test('finds the mint of a token in a receipt and ignores other logs', () => {
  const erc20 = {
    ...transferLog(zeroAddress, 1n),
    topics: transferLog(zeroAddress, 1n).topics.slice(0, 3) as Log['topics'],
    data: toHex(1n, { size: 32 }),
  };
  const logs = [erc20, transferLog(to, 9n, collection, 1), transferLog(zeroAddress, 9n, collection, 2)];
  assert.equal(tokenTransfers(logs).length, 2, 'the ERC-20 style log is not an ERC-721 transfer');
  const mint = findMintTransfer(logs, collection.toLowerCase(), 9n);
  assert.equal(mint?.logIndex, 2);
  assert.equal(mint?.to, to);
  assert.equal(findMintTransfer(logs, collection, 8n), undefined);
  assert.equal(findMintTransfer(logs, '0x0000000000000000000000000000000000000001', 9n), undefined);
});
