import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IndexedTokenEvent, IndexedTransfer } from '@metatag/chain-index';
import { eventBySubject, ledgerEventKey, LEDGER_EVENTS } from '@metatag/events';
import { tokenEvent, transferEvent } from './ledger.projector.js';

const collection = '0xAbCdEf0000000000000000000000000000000001' as const;
const txHash = `0x${'AB'.repeat(32)}` as const;
const zero = '0x0000000000000000000000000000000000000000' as const;
const alice = '0x00000000000000000000000000000000000000a1' as const;
const bob = '0x00000000000000000000000000000000000000b0' as const;

const transfer = (from: `0x${string}`, to: `0x${string}`): IndexedTransfer => ({
  id: 'x',
  chainId: 1337,
  collection,
  tokenId: 2n ** 200n,
  from,
  to,
  blockNumber: 12n,
  blockTimestamp: 0n,
  txHash,
  logIndex: 4,
});

/** What a receiver does with the outbox row: find the definition by subject and parse the payload. */
function received(event: { subject: string; payload: unknown }) {
  const definition = eventBySubject(event.subject);
  assert.ok(definition, event.subject);
  return { definition, payload: definition.payload.parse(event.payload) as Record<string, unknown> };
}

test('a Transfer from the zero address is token.minted, any other token.transferred, both valid at the receiver', () => {
  const minted = received(transferEvent('ganache', transfer(zero, alice)));
  assert.equal(minted.definition, LEDGER_EVENTS.tokenMinted);
  assert.deepEqual(minted.payload, {
    chain: 'ganache',
    chainId: 1337,
    collection: collection.toLowerCase(),
    txHash: txHash.toLowerCase(),
    logIndex: 4,
    blockNumber: '12',
    tokenId: (2n ** 200n).toString(),
    to: alice,
    blockTime: '0',
  });
  const moved = received(transferEvent('ganache', transfer(alice, bob)));
  assert.equal(moved.definition, LEDGER_EVENTS.tokenTransferred);
  assert.deepEqual([moved.payload.from, moved.payload.to], [alice, bob]);
  assert.equal(
    ledgerEventKey(minted.payload as { chainId: number; txHash: string; logIndex: number }),
    `1337:${txHash.toLowerCase()}:4`,
  );
});

test('MintChild and ConnectedToTag rows are child.minted and token.connected-to-tag', () => {
  const base = { id: 'y', chainId: 1337, collection, blockNumber: 13n, txHash, logIndex: 0 };
  const child: IndexedTokenEvent = {
    ...base,
    kind: 'mint_child',
    tokenId: 77n,
    parentTokenId: 10n,
    owner: bob,
  };
  const childMinted = received(tokenEvent('ganache', child));
  assert.equal(childMinted.definition, LEDGER_EVENTS.childMinted);
  assert.deepEqual([childMinted.payload.parentTokenId, childMinted.payload.childTokenId], ['10', '77']);
  assert.equal(childMinted.payload.owner, bob);
  const tag: IndexedTokenEvent = { ...base, kind: 'connected_to_tag', tokenId: 2n, connected: false };
  const connected = received(tokenEvent('ganache', tag));
  assert.equal(connected.definition, LEDGER_EVENTS.tokenConnectedToTag);
  assert.deepEqual([connected.payload.tokenId, connected.payload.connected], ['2', false]);
});
