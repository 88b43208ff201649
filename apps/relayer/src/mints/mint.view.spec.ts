import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MintWithTx } from './mint.repository.js';
import { mintFinished, mintStatus, toMintRecord } from './mint.view.js';

const base: MintWithTx = {
  id: '7c2b6f2e-3f5c-4d8e-9a51-3f0d6c8f1a10',
  nftId: '12',
  chiplinkId: null,
  chain: 'ganache',
  chainId: 1337,
  collection: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  tokenId: 3n,
  toAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  childLimit: null,
  phase: null,
  status: 'queued',
  txKey: 'mint-7c2b6f2e-3f5c-4d8e-9a51-3f0d6c8f1a10',
  requestKey: null,
  accountId: null,
  txHash: null,
  blockNumber: null,
  confirmedBy: null,
  error: null,
  created: new Date('2026-01-01T00:00:00Z'),
  confirmedAt: null,
  tx: null,
};
const hash = `0x${'ab'.repeat(32)}`;

test('a record follows its transaction until the Transfer is seen', () => {
  assert.equal(mintStatus(base), 'queued');
  assert.equal(mintStatus({ ...base, tx: { status: 'queued', txHash: null, lastError: null } }), 'queued');
  assert.equal(mintStatus({ ...base, tx: { status: 'sent', txHash: hash, lastError: null } }), 'sent');
  // Mined but not yet seen by the index: still sent, not confirmed.
  assert.equal(mintStatus({ ...base, tx: { status: 'confirmed', txHash: hash, lastError: null } }), 'sent');
  assert.equal(mintStatus({ ...base, tx: { status: 'failed', txHash: null, lastError: 'x' } }), 'failed');
  assert.equal(mintStatus({ ...base, status: 'confirmed', txHash: hash }), 'confirmed');
});

test('the record on the wire: strings for big numbers, the known hash, the failure reason', () => {
  const sent = toMintRecord({ ...base, tx: { status: 'sent', txHash: hash, lastError: null } });
  assert.deepEqual(sent, {
    id: base.id,
    nftId: '12',
    chiplinkId: null,
    chain: 'ganache',
    chainId: 1337,
    collection: base.collection,
    tokenId: '3',
    to: base.toAddress,
    created: '2026-01-01T00:00:00.000Z',
    status: 'sent',
    tx: hash,
    error: null,
  });
  const failed = toMintRecord({
    ...base,
    tx: { status: 'failed', txHash: null, lastError: 'reverted: TokenAlreadyMinted(3)' },
  });
  assert.equal(failed.error, 'reverted: TokenAlreadyMinted(3)');
});

test('mint.confirmed carries what counters need; mint.failed the reason', () => {
  const confirmed = mintFinished({
    ...base,
    status: 'confirmed',
    txHash: hash,
    blockNumber: 9n,
    confirmedBy: 'index',
  });
  assert.equal(confirmed.subject, 'mint.confirmed');
  assert.deepEqual(confirmed.payload, {
    mintId: base.id,
    nftId: '12',
    chiplinkId: null,
    chain: 'ganache',
    chainId: 1337,
    collection: base.collection,
    tokenId: '3',
    to: base.toAddress,
    childLimit: null,
    txHash: hash,
    blockNumber: '9',
    source: 'index',
  });
  // a limited father's mint tells its child limit (#30: its template shows it)
  assert.equal(mintFinished({ ...base, status: 'confirmed', childLimit: 5n }).payload.childLimit, '5');
  const failed = mintFinished({ ...base, status: 'failed', error: 'reverted on chain' });
  assert.equal(failed.subject, 'mint.failed');
  assert.equal(failed.payload.reason, 'reverted on chain');
});
