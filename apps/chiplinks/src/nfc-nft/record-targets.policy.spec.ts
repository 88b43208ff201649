import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from 'pino';
import { NFC_NFT_FOREIGN_CONTRACT, NFC_NFT_FOREIGN_RELAYER } from '@metatag/api-types';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import type { TemplatesProjection } from '../templates/templates.projection.js';
import type { NfcNftRepository, NfcNftRow } from './nfc-nft.repository.js';
import { PendingRelay } from './pending-relay.js';
import { RecordTargetPolicy } from './record-targets.policy.js';

// The sign-time half of the record target rule (issue #28 item 1): what the projection says NOW decides,
// whatever the record held when it was saved. The projection and the relayer are stand-ins here; the
// int specs (cross-tenant-pending, tenant-isolation) run the whole path on anvil and PostgreSQL.
const TAG_RELAYER = `0x${'aa'.repeat(20)}`;
const MINE = `0x${'11'.repeat(20)}`;
const THEIRS = `0x${'22'.repeat(20)}`;

/** Attachments as chiplinks' projection knows them: `${chain}:${address}` → owner id. */
function policy(attached: Map<string, number>) {
  const projection = {
    collectionOwner: async (chain: string, address: string) => attached.get(`${chain}:${address}`),
  } as unknown as TemplatesProjection;
  return new RecordTargetPolicy(projection, (chain) => (chain === 'ganache' ? TAG_RELAYER : ''));
}

const record = (patch: Partial<NfcNftRow>): NfcNftRow =>
  ({
    id: 7,
    ownerId: 1,
    nfcId: 'CHIP1234567890',
    chain: 'ganache',
    smartContract: MINE,
    relayer: TAG_RELAYER,
    pendingTransactionData: '0x06fdde03',
    pendingTransactionValue: '0',
    pendingSeq: 1,
    ...patch,
  }) as NfcNftRow;

async function refusal(promise: Promise<unknown>): Promise<[number, string, string] | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    assert.ok(error instanceof AppError);
    return [error.status, error.code, error.message];
  }
}

test("the owner's attached collection through the configured TagRelayer passes; anything else is a 403", async () => {
  const rules = policy(
    new Map([
      ['ganache:' + MINE, 1],
      ['ganache:' + THEIRS, 2],
    ]),
  );
  assert.equal(await refusal(rules.require(record({}))), undefined);
  assert.equal(
    await refusal(rules.require(record({ smartContract: MINE.toUpperCase().replace('0X', '0x') }))),
    undefined,
  );
  assert.equal(
    await refusal(rules.require(record({ chain: '', smartContract: MINE, relayer: '' }))),
    undefined,
  );
  assert.equal(await refusal(rules.require(record({ smartContract: '', relayer: '' }))), undefined);
  for (const patch of [
    { smartContract: THEIRS },
    { smartContract: `0x${'33'.repeat(20)}` },
    { chain: 'polygon' },
  ]) {
    const refused = await refusal(
      rules.require(record({ ...patch, relayer: patch.chain ? '' : TAG_RELAYER })),
    );
    assert.deepEqual(refused, [403, 'foreign_contract', NFC_NFT_FOREIGN_CONTRACT], JSON.stringify(patch));
  }
  for (const relayer of [`0x${'bb'.repeat(20)}`, MINE]) {
    const refused = await refusal(rules.require(record({ relayer })));
    assert.deepEqual(refused, [403, 'foreign_relayer', NFC_NFT_FOREIGN_RELAYER], relayer);
  }
  // a chain without a configured TagRelayer accepts no relayer at all
  const polygon = await refusal(
    rules.require(record({ chain: 'polygon', smartContract: '', relayer: TAG_RELAYER })),
  );
  assert.deepEqual(polygon, [403, 'foreign_relayer', NFC_NFT_FOREIGN_RELAYER]);
});

test('at signing time the policy is asked again: a record whose collection is no longer its owner’s gets no signature', async () => {
  const attached = new Map([['ganache:' + MINE, 1]]);
  const asked: unknown[] = [];
  const services = {
    send: async (_request: unknown, payload: unknown) => {
      asked.push(payload);
      return { transactionDataToRelayer: '0xsigned' };
    },
  } as unknown as ServiceClient;
  const relay = new PendingRelay(
    {} as NfcNftRepository,
    policy(attached),
    services,
    { now: () => new Date('2026-11-28T22:00:00Z') },
    {} as Logger,
  );
  assert.equal(await relay.authorize(record({})), '0xsigned');
  assert.equal(asked.length, 1);

  // the attachment now names another account (or the row predates the rule): refused before the relayer
  attached.set('ganache:' + MINE, 2);
  assert.deepEqual(await refusal(relay.authorize(record({}))), [
    403,
    'foreign_contract',
    NFC_NFT_FOREIGN_CONTRACT,
  ]);
  // a stored relayer that is not the configured TagRelayer: refused too
  attached.set('ganache:' + MINE, 1);
  assert.deepEqual(await refusal(relay.authorize(record({ relayer: THEIRS }))), [
    403,
    'foreign_relayer',
    NFC_NFT_FOREIGN_RELAYER,
  ]);
  assert.equal(asked.length, 1, 'the relayer was never asked to sign for the refused records');
});
