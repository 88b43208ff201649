// The relayer trusts the chain, not its memory (#14 item 4): a chain restarted from an older state
// dump in the middle of a burst, and a relayer wedged by a nonce gap or an unreachable chain, against
// a real anvil and PostgreSQL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import { HEALTH, RELAYER, type HealthReply, type MintRecord } from '@metatag/events';
import {
  chainAndLedger,
  deployCollection,
  freePort,
  freshDatabaseUrl,
  RELAYER_ADDRESS,
  relayerHarness,
  sleep,
  startAnvil,
  waitFor,
  type Anvil,
  type RelayerHarness,
} from './testing/relayer.fixture.js';

describe('a relayer that trusts the chain', () => {
  let port: number;
  let anvil: Anvil;
  let database: { url: string; drop(): Promise<void> };
  let relayer: RelayerHarness;
  let collection: Address;
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'metatag-chain-truth-'));
    port = await freePort();
    anvil = await startAnvil([], port);
    database = await freshDatabaseUrl();
    collection = await deployCollection(anvil.rpcUrl);
    relayer = await relayerHarness({
      DATABASE_URL: database.url,
      RPC_URL_GANACHE: anvil.rpcUrl,
      RELAYER_STALL_MS: '1000',
      // anvil mines only on demand, so a nonce gap reads as a stall after 3 × 1 s; the relayer fills
      // the gap once its head has waited this long: the 503 is there to see for 3 s, not for a moment
      TX_HEAD_STALL_MS: '6000',
      RPC_TIMEOUT_MS: '2000',
    });
    await relayer.start();
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const nftId = 'chain-truth';
  const mint = () =>
    relayer.client.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId,
      collection: collection.toLowerCase(),
      to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
    });
  const mintRows = () =>
    relayer.db.pool
      .query<{ id: string; status: string }>(`select id, status from relayer.mints where nft_id = $1`, [
        nftId,
      ])
      .then((r) => r.rows);
  const confirmedCount = async () => (await mintRows()).filter((m) => m.status === 'confirmed').length;
  const health = () => relayer.client.send(HEALTH.relayer, {}) as Promise<HealthReply>;

  /**
   * Kills the chain and starts it again on the same port from `state` (an `anvil_dumpState` taken
   * earlier), loaded before it answers — as the standalone's chain starts from its state file.
   */
  const restartChainFrom = async (state: Hex) => {
    await anvil.stop();
    await startChainFrom(state);
  };
  const startChainFrom = async (state: Hex) => {
    const bytes = Buffer.from(state.slice(2), 'hex');
    const json = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    const file = join(dir, `state-${Date.now()}.json`);
    await writeFile(file, json);
    anvil = await startAnvil(['--load-state', file], port);
  };

  /** Every record confirmed, its token owned by its recipient on chain, nothing minted twice or lost. */
  const assertExactlyOnce = async (accepted: MintRecord[]) => {
    const state = await chainAndLedger(anvil, relayer.db, collection);
    const rows = state.mints;
    assert.equal(rows.length, accepted.length, 'one record per accepted mint');
    assert.deepEqual(
      rows.filter((m) => m.status !== 'confirmed'),
      [],
      'every accepted mint ends confirmed',
    );
    assert.equal(state.totalSupply, BigInt(accepted.length), 'tokens on chain = accepted mints (0 doubled)');
    for (const m of accepted) {
      const owner = await anvil.client.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [BigInt(m.tokenId)],
      });
      assert.equal(owner.toLowerCase(), m.to, `token ${m.tokenId} minted to its recipient (0 lost)`);
    }
    assert.equal(state.nextNonce, state.chainCount, 'the nonce sequence is where the chain is');
    assert.deepEqual(
      state.txs.filter((t) => t.status !== 'confirmed'),
      [],
      'every transaction confirmed',
    );
    const nonces = state.txs.map((t) => Number(t.nonce));
    assert.equal(new Set(nonces).size, nonces.length, 'no nonce twice');
  };

  test('chain state lost mid-burst (restarted from an older dump): every accepted mint ends confirmed exactly once', async () => {
    const accepted: MintRecord[] = [];
    for (let i = 0; i < 20; i++) accepted.push(await mint());
    await waitFor('the first 20 mints confirmed', async () => (await confirmedCount()) === 20);
    const older = await anvil.rpc<Hex>('anvil_dumpState');
    // More mints: some confirmed after the dump, others still on their way when the chain dies.
    accepted.push(...(await Promise.all(Array.from({ length: 40 }, () => mint()))));
    await waitFor(
      'some mints of the burst confirmed after the dump',
      async () => (await confirmedCount()) >= 30,
    );
    await restartChainFrom(older);
    // The chain went back: the count of our transactions is the dump's.
    assert.equal(await anvil.client.getTransactionCount({ address: RELAYER_ADDRESS as Address }), 20 + 1);
    // Mints accepted while the relayer is catching up.
    accepted.push(...(await Promise.all(Array.from({ length: 20 }, () => mint()))));
    await waitFor(
      'all mints confirmed again',
      async () => (await confirmedCount()) === accepted.length,
      120_000,
      200,
    );
    await assertExactlyOnce(accepted);
  });

  test('a wedged relayer (nonce gap, then an unreachable chain) is not ready, with the reason, and recovers', async () => {
    assert.equal((await health()).ok, true);
    const before = (await mintRows()).length;
    // A nonce gap: the sequence handed out a nonce that no transaction holds.
    await relayer.db.pool.query(
      `update relayer.sender_nonces set next_nonce = next_nonce + 1 where address = $1`,
      [RELAYER_ADDRESS],
    );
    const accepted = [await mint()];
    const stalled = await waitFor('readiness 503 on the gap', async () => {
      const reply = await health();
      return !reply.ok && reply;
    });
    assert.match(stalled.reasons?.progress ?? '', /not mined for \d+ s/);
    await waitFor('ready again after the gap is filled', async () => (await health()).ok, 30_000);
    await waitFor('the mint behind the gap confirmed', async () => (await confirmedCount()) === before + 1);

    // The chain unreachable: requests are accepted, their transactions wait for a nonce.
    const state = await anvil.rpc<Hex>('anvil_dumpState');
    await anvil.stop();
    accepted.push(await mint());
    const down = await waitFor('readiness 503 while the chain is down', async () => {
      const reply = await health();
      return !reply.ok && reply;
    });
    assert.match(down.reasons?.progress ?? '', /none signed for \d+ s/);
    await sleep(500);
    await startChainFrom(state);
    await waitFor(
      'mints confirmed after the chain is back',
      async () => (await confirmedCount()) === before + 2,
      120_000,
      200,
    );
    await waitFor('ready again', async () => (await health()).ok, 30_000);
  });
});

describe('confirmation depth (CONFIRMATIONS_GANACHE=3)', () => {
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
      CONFIRMATIONS_GANACHE: '3',
    });
    await relayer.start();
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
  });

  const txOf = async (record: MintRecord) => {
    const { rows } = await relayer.db.pool.query<{ status: string; block_hash: string | null }>(
      `select t.status, t.block_hash from relayer.transactions t
       join relayer.mints m on m.tx_key = t.idempotency_key where m.id = $1`,
      [record.id],
    );
    return rows[0];
  };
  const recordOf = async (record: MintRecord) => {
    const { items } = await relayer.client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'depth' });
    return items.find((i) => i.tokenId === record.tokenId);
  };

  test('mined is not final: the transaction confirms after 3 blocks on top; a reorg before that sends it again, once', async () => {
    const snapshot = await anvil.rpc<string>('evm_snapshot');
    const record = await relayer.client.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId: 'depth',
      collection: collection.toLowerCase(),
      to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
    });
    await waitFor('mined', async () => (await txOf(record))?.status === 'mined');
    await sleep(500);
    assert.equal((await txOf(record))?.status, 'mined', 'still mined: no block on top of it');
    assert.equal((await recordOf(record))?.status, 'sent', 'the API shows it as sent, not confirmed');

    // The chain goes back below its block: the transaction is pending again and is sent again.
    const first = await txOf(record);
    await anvil.rpc('evm_revert', [snapshot]);
    await waitFor('mined again, in another block', async () => {
      const tx = await txOf(record);
      return tx?.status === 'mined' && tx.block_hash !== first?.block_hash;
    });
    await anvil.rpc('anvil_mine', ['0x3']);
    await waitFor('confirmed', async () => (await txOf(record))?.status === 'confirmed');
    await waitFor('mint confirmed', async () => (await recordOf(record))?.status === 'confirmed');
    const supply = await anvil.client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'totalSupply',
    });
    assert.equal(supply, 1n, 'minted once');
  });
});
