// Mint records become confirmed from the indexed Transfer (the indexer's `chain.transfers`), whoever
// sent the transaction, and from the receipt when the index lags. The index is simulated here by a
// table with the view's exact columns, filled from real receipts of a real anvil.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createWalletClient, http, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tokenTransfers } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import { RELAYER, RELAYER_EVENTS } from '@metatag/events';
import {
  DEPLOYER_KEY,
  deployCollection,
  freshDatabaseUrl,
  received,
  relayerHarness,
  startAnvil,
  waitFor,
  type Anvil,
  type RelayerHarness,
} from './testing/relayer.fixture.js';

const recipient = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

describe('mint confirmation from the index', () => {
  let anvil: Anvil;
  let database: { url: string; drop(): Promise<void> };
  let relayer: RelayerHarness;
  let collection: Address;

  /** What the indexer would write for every Transfer in a transaction's receipt. */
  async function index(hash: string) {
    const receipt = await anvil.client.getTransactionReceipt({ hash: hash as Hash });
    const block = await anvil.client.getBlock({ blockNumber: receipt.blockNumber });
    for (const t of tokenTransfers(receipt.logs))
      await relayer.db.pool.query(
        `insert into chain.transfers values ($1, 1337, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          `${hash}-${t.logIndex}`,
          t.collection.toLowerCase(),
          t.tokenId.toString(),
          t.from.toLowerCase(),
          t.to.toLowerCase(),
          receipt.blockNumber.toString(),
          block.timestamp.toString(),
          hash,
          t.logIndex,
        ],
      );
  }

  const confirmation = (id: string) =>
    waitFor(`mint ${id} final`, async () => {
      const { rows } = await relayer.db.pool.query(
        `select status, confirmed_by, tx_hash from relayer.mints where id = $1`,
        [id],
      );
      return rows[0]?.status === 'confirmed'
        ? (rows[0] as { confirmed_by: string; tx_hash: string })
        : undefined;
    });

  before(async () => {
    anvil = await startAnvil();
    database = await freshDatabaseUrl();
    collection = await deployCollection(anvil.rpcUrl);
    relayer = await relayerHarness({
      DATABASE_URL: database.url,
      RPC_URL_GANACHE: anvil.rpcUrl,
      MINT_INDEX_LAG_MS: '60000',
    });
    await relayer.db.pool.query(`create schema if not exists chain`);
    await relayer.db.pool.query(`create table chain.transfers (
      id text primary key, chain_id integer, collection text, token_id numeric, from_address text,
      to_address text, block_number bigint, block_timestamp bigint, tx_hash text, log_index integer)`);
    await relayer.start();
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
  });

  test('a relayer mint is confirmed when its Transfer is indexed', async () => {
    const record = await relayer.client.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId: 'indexed',
      collection: collection.toLowerCase(),
      to: recipient(),
    });
    const tx = await waitFor('the transaction mined', async () => {
      const { rows } = await relayer.db.pool.query(
        `select t.status, t.tx_hash from relayer.transactions t join relayer.mints m on m.tx_key = t.idempotency_key where m.id = $1`,
        [record.id],
      );
      return rows[0]?.status === 'confirmed' ? (rows[0] as { tx_hash: string }) : undefined;
    });
    // Mined, but not indexed yet: still `sent` (the index gets its chance first).
    const listed = await relayer.client.send(RELAYER.listMints, {
      chain: 'ganache',
      nftId: 'indexed',
    });
    assert.equal(listed.items[0]?.status, 'sent');
    await index(tx.tx_hash);
    const confirmed = await confirmation(record.id);
    assert.equal(confirmed.confirmed_by, 'index');
    assert.equal(confirmed.tx_hash, tx.tx_hash);
    await waitFor('mint.confirmed', async () =>
      received.find((e) => e.pattern === RELAYER_EVENTS.mintConfirmed.subject && e.data.mintId === record.id),
    ).then((e) => assert.equal(e.data.source, 'index'));
  });

  test('a mint someone else sent (a visitor wallet) is confirmed from the index too', async () => {
    // A collection whose minter is another key, minting directly: the relayer sends nothing.
    const other = (await deployCollection(anvil.rpcUrl, DEPLOYER_KEY)).toLowerCase() as Address;
    const to = recipient();
    const mintId = randomUUID();
    await relayer.db.pool.query(
      `insert into relayer.mints (id, nft_id, chain, chain_id, collection, token_id, to_address)
       values ($1, 'wallet', 'ganache', 1337, $2, 42, $3)`,
      [mintId, other, to],
    );
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEPLOYER_KEY),
      transport: http(anvil.rpcUrl),
    });
    const hash = await wallet.writeContract({
      address: other,
      abi: collectionAbi,
      functionName: 'mint',
      args: [to as Address, 42n],
      chain: null,
    });
    await anvil.client.waitForTransactionReceipt({ hash });
    await index(hash);
    const confirmed = await confirmation(mintId);
    assert.equal(confirmed.confirmed_by, 'index');
    assert.equal(confirmed.tx_hash, hash);
    const { rows } = await relayer.db.pool.query(
      `select count(*)::int as n from relayer.transactions where kind = 'mint' and to_address = $1`,
      [other],
    );
    assert.equal(rows[0].n, 0, 'the relayer sent nothing for it');
  });

  test('a Transfer to another address does not confirm the record', async () => {
    const mintId = randomUUID();
    const other = (await deployCollection(anvil.rpcUrl, DEPLOYER_KEY)).toLowerCase() as Address;
    await relayer.db.pool.query(
      `insert into relayer.mints (id, nft_id, chain, chain_id, collection, token_id, to_address)
       values ($1, 'wallet', 'ganache', 1337, $2, 7, $3)`,
      [mintId, other, recipient()],
    );
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEPLOYER_KEY),
      transport: http(anvil.rpcUrl),
    });
    const hash = await wallet.writeContract({
      address: other,
      abi: collectionAbi,
      functionName: 'mint',
      args: [recipient() as Address, 7n],
      chain: null,
    });
    const receipt = await anvil.client.waitForTransactionReceipt({ hash });
    await index(hash);
    // the confirmer moves its cursor in the transaction that weighs the transfers it read: once the
    // cursor is at this transfer's block, the transfer was judged
    await waitFor('the confirmer read the transfer', async () => {
      const cursor = await relayer.db.pool.query<{ block: string }>(
        `select block_number::text as block from relayer.transfer_cursors where chain_id = 1337`,
      );
      return BigInt(cursor.rows[0]?.block ?? -1) >= receipt.blockNumber || undefined;
    });
    const { rows } = await relayer.db.pool.query(`select status from relayer.mints where id = $1`, [mintId]);
    assert.equal(rows[0].status, 'queued');
  });
});

describe('mint confirmation when the index lags', () => {
  let anvil: Anvil;
  let database: { url: string; drop(): Promise<void> };
  let relayer: RelayerHarness;
  let collection: Address;

  before(async () => {
    anvil = await startAnvil();
    database = await freshDatabaseUrl();
    collection = await deployCollection(anvil.rpcUrl);
    relayer = await relayerHarness({
      DATABASE_URL: database.url,
      RPC_URL_GANACHE: anvil.rpcUrl,
      MINT_INDEX_LAG_MS: '1500',
    });
    // The view exists but the indexer never writes: it is behind.
    await relayer.db.pool.query(`create schema if not exists chain`);
    await relayer.db.pool.query(`create table chain.transfers (
      id text primary key, chain_id integer, collection text, token_id numeric, from_address text,
      to_address text, block_number bigint, block_timestamp bigint, tx_hash text, log_index integer)`);
    await relayer.start();
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
  });

  test('after MINT_INDEX_LAG_MS the record is confirmed from the receipt', async () => {
    const record = await relayer.client.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId: 'lagging',
      collection: collection.toLowerCase(),
      to: recipient(),
    });
    const minedAt = await waitFor('mined', async () => {
      const { rows } = await relayer.db.pool.query(
        `select t.finished_at from relayer.transactions t join relayer.mints m on m.tx_key = t.idempotency_key
         where m.id = $1 and t.status = 'confirmed'`,
        [record.id],
      );
      return rows[0]?.finished_at as Date | undefined;
    });
    const { rows } = await waitFor('confirmed', async () => {
      const r = await relayer.db.pool.query(
        `select status, confirmed_by, confirmed_at from relayer.mints where id = $1`,
        [record.id],
      );
      return r.rows[0]?.status === 'confirmed' ? r : undefined;
    });
    assert.equal(rows[0].confirmed_by, 'chain');
    assert.ok(
      (rows[0].confirmed_at as Date).getTime() - minedAt.getTime() >= 1400,
      'the index had its chance first',
    );
  });
});
