// Mint records become confirmed from the mint ledger's `token.minted` (templates projects the chain
// index into it: the one cursor over `chain.transfers`), whoever sent the transaction, and from the
// receipt when the event does not come within MINT_INDEX_LAG_MS. The ledger is simulated by what its
// outbox publisher does: the events of real receipts of a real anvil, emitted on the bus; the index by
// a table with the view's name (so that the relayer knows there is one and waits for the ledger).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createWalletClient, http, zeroAddress, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tokenTransfers } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import { LEDGER_EVENTS, RELAYER, RELAYER_EVENTS, type TokenMintedEvent } from '@metatag/events';
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

/** The indexer's view as the relayer looks for it (it reads nothing from it: only that it exists). */
const CHAIN_TRANSFERS = `create table chain.transfers (
  id text primary key, chain_id integer, collection text, token_id numeric, from_address text,
  to_address text, block_number bigint, block_timestamp bigint, tx_hash text, log_index integer)`;

describe('mint confirmation from the mint ledger', () => {
  let anvil: Anvil;
  let database: { url: string; drop(): Promise<void> };
  let relayer: RelayerHarness;
  let collection: Address;

  /**
   * The ledger's `token.minted` of every Transfer from the zero address in a transaction's receipt, as
   * the templates projector writes them (apps/templates/src/ledger/ledger.projector.ts).
   */
  async function ledgerMints(hash: string): Promise<TokenMintedEvent[]> {
    const receipt = await anvil.client.getTransactionReceipt({ hash: hash as Hash });
    const block = await anvil.client.getBlock({ blockNumber: receipt.blockNumber });
    return tokenTransfers(receipt.logs)
      .filter((t) => t.from === zeroAddress)
      .map((t) => ({
        chain: 'ganache',
        chainId: 1337,
        collection: t.collection.toLowerCase(),
        txHash: hash.toLowerCase(),
        logIndex: t.logIndex,
        blockNumber: receipt.blockNumber.toString(),
        tokenId: t.tokenId.toString(),
        to: t.to.toLowerCase(),
        blockTime: block.timestamp.toString(),
      }));
  }

  /**
   * Publishes them as the ledger's outbox publisher does (an emit per event on the bus). On the
   * in-process bus an emit returns once the consumers ran: what the relayer made of them is written.
   */
  async function publish(events: TokenMintedEvent[]) {
    for (const event of events) await relayer.client.emit(LEDGER_EVENTS.tokenMinted, event);
  }

  const row = async (id: string) =>
    (
      await relayer.db.pool.query<{
        status: string;
        confirmed_by: string | null;
        tx_hash: string | null;
        confirmed_at: Date | null;
      }>(`select status, confirmed_by, tx_hash, confirmed_at from relayer.mints where id = $1`, [id])
    ).rows[0];

  const confirmation = (id: string) =>
    waitFor(`mint ${id} final`, async () => {
      const r = await row(id);
      return r?.status === 'confirmed' ? r : undefined;
    });

  const announced = (id: string) =>
    received.filter((e) => e.pattern === RELAYER_EVENTS.mintConfirmed.subject && e.data.mintId === id);

  /** A record of a token minted by someone else's wallet (the relayer sends nothing for it). */
  async function walletMint(tokenId: bigint, to: string, recordTo = to) {
    const other = (await deployCollection(anvil.rpcUrl, DEPLOYER_KEY)).toLowerCase() as Address;
    const mintId = randomUUID();
    await relayer.db.pool.query(
      `insert into relayer.mints (id, nft_id, chain, chain_id, collection, token_id, to_address)
       values ($1, 'wallet', 'ganache', 1337, $2, $3, $4)`,
      [mintId, other, tokenId.toString(), recordTo],
    );
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEPLOYER_KEY),
      transport: http(anvil.rpcUrl),
    });
    const hash = await wallet.writeContract({
      address: other,
      abi: collectionAbi,
      functionName: 'mint',
      args: [to as Address, tokenId],
      chain: null,
    });
    await anvil.client.waitForTransactionReceipt({ hash });
    return { mintId, hash, collection: other };
  }

  before(async () => {
    anvil = await startAnvil();
    database = await freshDatabaseUrl();
    collection = await deployCollection(anvil.rpcUrl);
    relayer = await relayerHarness({
      DATABASE_URL: database.url,
      RPC_URL_GANACHE: anvil.rpcUrl,
      // the chain read cannot be what confirms a mint here
      MINT_INDEX_LAG_MS: '600000',
    });
    await relayer.db.pool.query(`create schema if not exists chain`);
    await relayer.db.pool.query(CHAIN_TRANSFERS);
    await relayer.start();
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
  });

  let first: { id: string; events: TokenMintedEvent[]; confirmedAt: Date };

  test("a relayer mint is confirmed by the ledger's token.minted", async () => {
    const record = await relayer.client.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId: 'ledger',
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
    const minted = await anvil.client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(record.tokenId)],
    });
    assert.equal(minted.toLowerCase(), record.to, 'the chain holds the token');
    // Mined, but the ledger has not told yet: still `sent` (the ledger gets its chance first).
    const listed = await relayer.client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'ledger' });
    assert.equal(listed.items[0]?.status, 'sent');
    const events = await ledgerMints(tx.tx_hash);
    assert.equal(events.length, 1);
    await publish(events);
    const confirmed = await confirmation(record.id);
    assert.equal(confirmed.confirmed_by, 'index');
    assert.equal(confirmed.tx_hash, tx.tx_hash);
    const after = await relayer.client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'ledger' });
    assert.equal(after.items[0]?.status, 'confirmed');
    const event = await waitFor('mint.confirmed', async () => announced(record.id)[0]);
    assert.equal(event.data.source, 'index');
    first = { id: record.id, events, confirmedAt: confirmed.confirmed_at! };
  });

  test('a redelivered token.minted changes nothing; a mint someone else sent is confirmed by its event', async () => {
    // the ledger publishes at least once: the same facts again
    await publish(first.events);
    await publish(first.events);
    const again = await row(first.id);
    assert.equal(again?.status, 'confirmed');
    assert.equal(again?.confirmed_at?.getTime(), first.confirmedAt.getTime(), 'not confirmed twice');
    // a later fact, by a visitor's wallet: its mint.confirmed is published after anything the
    // redelivery could have written (one outbox, in order)
    const to = recipient();
    const wallet = await walletMint(42n, to);
    await publish(await ledgerMints(wallet.hash));
    const confirmed = await confirmation(wallet.mintId);
    assert.equal(confirmed.confirmed_by, 'index');
    assert.equal(confirmed.tx_hash, wallet.hash);
    await waitFor('mint.confirmed of the wallet mint', async () => announced(wallet.mintId)[0]);
    assert.equal(announced(first.id).length, 1, 'one mint.confirmed for the first mint');
    const { rows } = await relayer.db.pool.query(
      `select count(*)::int as n from relayer.transactions where kind = 'mint' and to_address = $1`,
      [wallet.collection],
    );
    assert.equal(rows[0].n, 0, 'the relayer sent nothing for it');
  });

  test('a token.minted to another address does not confirm the record', async () => {
    const wallet = await walletMint(7n, recipient(), recipient());
    // the emit returns once the relayer weighed the event
    await publish(await ledgerMints(wallet.hash));
    assert.equal((await row(wallet.mintId))?.status, 'queued');
  });

  test('a token.minted of a chain the relayer does not serve is ignored', async () => {
    const wallet = await walletMint(9n, recipient());
    const events = await ledgerMints(wallet.hash);
    await publish(events.map((e) => ({ ...e, chain: 'polygon', chainId: 137 })));
    assert.equal((await row(wallet.mintId))?.status, 'queued');
    await publish(events);
    assert.equal((await confirmation(wallet.mintId)).confirmed_by, 'index');
  });
});

describe("mint confirmation without the ledger's event", () => {
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
    // There is an index, but no token.minted ever comes (templates is down, or the event was lost).
    await relayer.db.pool.query(`create schema if not exists chain`);
    await relayer.db.pool.query(CHAIN_TRANSFERS);
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
      'the ledger had its chance first',
    );
    const owner = await anvil.client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(record.tokenId)],
    });
    assert.equal(owner.toLowerCase(), record.to, 'the chain holds the token');
    const listed = await relayer.client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'lagging' });
    assert.equal(listed.items[0]?.status, 'confirmed');
  });
});
