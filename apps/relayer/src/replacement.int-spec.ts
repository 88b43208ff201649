// Fee replacement and crash recovery against a real anvil and PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bumped, isValidReplacement } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import { RELAYER, RELAYER_LEDGER, type LedgerEntry, type MintRecord } from '@metatag/events';
import type { Broadcaster } from './transactions/broadcaster.js';
import {
  chainAndLedger,
  deployCollection,
  freshDatabaseUrl,
  relayerHarness,
  startAnvil,
  waitFor,
  type Anvil,
  type RelayerHarness,
} from './testing/relayer.fixture.js';

interface TxRow {
  id: string;
  status: string;
  nonce: string;
  tx_hash: string;
  raw_tx: string;
  previous_hashes: string[];
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  attempts: number;
  broadcast_at: Date | null;
}

describe('replacement and recovery', () => {
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
      TX_REPLACE_AFTER_MS: '1500',
    });
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
  });

  const mint = () =>
    relayer.client.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId: 'replace',
      collection: collection.toLowerCase(),
      to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
    });

  const txOf = async (record: MintRecord): Promise<TxRow | undefined> => {
    const { rows } = await relayer.db.pool.query<TxRow>(
      `select t.* from relayer.transactions t join relayer.mints m on m.tx_key = t.idempotency_key where m.id = $1`,
      [record.id],
    );
    return rows[0];
  };

  const statusOf = async (record: MintRecord) => {
    const { items } = await relayer.client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'replace' });
    return items.find((i) => i.tokenId === record.tokenId);
  };

  test('a transaction not mined in time is replaced with higher fees, then confirmed once mining resumes', async () => {
    await relayer.start();
    await anvil.rpc('evm_setAutomine', [false]);
    try {
      const record = await mint();
      const first = await waitFor('the first version out', async () => {
        const tx = await txOf(record);
        return tx?.status === 'sent' && tx.broadcast_at ? tx : undefined;
      });
      assert.equal((await statusOf(record))?.status, 'sent');
      const replaced = await waitFor(
        'a replacement',
        async () => {
          const tx = await txOf(record);
          return tx && tx.previous_hashes.length >= 1 && tx.broadcast_at ? tx : undefined;
        },
        20_000,
      );
      assert.equal(replaced.nonce, first.nonce, 'same nonce');
      assert.deepEqual(replaced.previous_hashes.slice(0, 1), [first.tx_hash]);
      assert.notEqual(replaced.tx_hash, first.tx_hash);
      const fees = (t: TxRow) => ({
        maxFeePerGas: BigInt(t.max_fee_per_gas),
        maxPriorityFeePerGas: BigInt(t.max_priority_fee_per_gas),
      });
      assert.ok(isValidReplacement(fees(first), fees(replaced)), 'both fees up by at least 12.5 %');
      assert.ok(BigInt(replaced.max_priority_fee_per_gas) >= bumped(BigInt(first.max_priority_fee_per_gas)));
      // The node holds only the replacement now.
      const pool = await anvil.rpc<{ pending: Record<string, Record<string, { hash: string }>> }>(
        'txpool_content',
      );
      const pending = Object.values(pool.pending).flatMap((byNonce) =>
        Object.values(byNonce).map((t) => t.hash),
      );
      assert.ok(pending.includes(replaced.tx_hash), 'the replacement is pending');
      assert.ok(!pending.includes(first.tx_hash), 'the replaced version left the pool');
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
      await anvil.rpc('evm_mine');
    }
    const settled = await waitFor('confirmed', async () => {
      const { rows } = await relayer.db.pool.query(
        `select m.status, m.tx_hash, t.tx_hash as current, t.previous_hashes from relayer.mints m
         join relayer.transactions t on t.idempotency_key = m.tx_key where m.nft_id = 'replace'`,
      );
      return rows[0]?.status === 'confirmed' ? rows[0] : undefined;
    });
    assert.equal(settled.tx_hash, settled.current, 'the latest replacement is the one mined');
    const receipt = await anvil.client.getTransactionReceipt({ hash: settled.tx_hash as Hash });
    assert.equal(receipt.status, 'success');
    for (const old of settled.previous_hashes as string[])
      await assert.rejects(
        anvil.client.getTransactionReceipt({ hash: old as Hash }),
        'a replaced version was mined too',
      );
    const state = await chainAndLedger(anvil, relayer.db, collection);
    assert.equal(state.totalSupply, 1n, 'minted once');
    assert.equal(state.nextNonce, state.chainCount);
    await relayer.stop();
  });

  test('a paid replacement reserves the difference; the receipt settles the real fee and releases every hold', async () => {
    await relayer.start();
    const account = { accountId: 4242, chain: 'ganache' };
    const credit = 10n ** 17n;
    await relayer.client.send(RELAYER_LEDGER.setBalance, {
      ...account,
      balance: credit.toString(),
      actorId: 1,
    });
    const reference = `paid-replace-${Date.now()}`;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const data = encodeFunctionData({
      abi: collectionAbi,
      functionName: 'mint',
      args: [to, BigInt(Date.now()) * 1000n],
    });
    await anvil.rpc('evm_setAutomine', [false]);
    let sent: { id: string; reserved: string };
    try {
      sent = await relayer.client.send(RELAYER_LEDGER.sendPaid, {
        ...account,
        to: collection.toLowerCase(),
        data,
        kind: 'test',
        idempotencyKey: reference,
      });
      assert.equal(
        (
          await relayer.client.send(RELAYER_LEDGER.sendPaid, {
            ...account,
            to: collection.toLowerCase(),
            data,
            kind: 'test',
            idempotencyKey: reference,
          })
        ).id,
        sent.id,
        'idempotent: the same transaction, nothing reserved twice',
      );
      const replaced = await waitFor(
        'a replacement',
        async () => {
          const { rows } = await relayer.db.pool.query<TxRow & { gas_limit: string }>(
            'select * from relayer.transactions where id = $1',
            [sent.id],
          );
          return rows[0] && rows[0].previous_hashes.length >= 1 && rows[0].broadcast_at ? rows[0] : undefined;
        },
        20_000,
      );
      const { items } = await relayer.client.send(RELAYER_LEDGER.entries, { ...account, limit: 100 });
      const held = -items
        .filter((e) => e.reference === reference && e.kind === 'reservation')
        .reduce((sum, e) => sum + BigInt(e.amount), 0n);
      assert.ok(
        held >= BigInt(replaced.gas_limit) * BigInt(replaced.max_fee_per_gas),
        `the hold (${held}) covers the replacement's worst case`,
      );
      assert.ok(held > BigInt(sent.reserved), 'the difference was reserved');
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
      await anvil.rpc('evm_mine');
    }
    const settled = await waitFor('settled', async () => {
      const reply = await relayer.client.send(RELAYER_LEDGER.entries, { ...account, limit: 100 });
      return reply.items.some((e) => e.kind === 'settlement' && e.reference === reference)
        ? reply
        : undefined;
    });
    const mine = settled.items.filter((e: LedgerEntry) => e.reference === reference);
    const sum = (kind: string) =>
      mine.filter((e) => e.kind === kind).reduce((total, e) => total + BigInt(e.amount), 0n);
    assert.equal(sum('reservation') + sum('release'), 0n, 'every hold released');
    const settlement = mine.find((e) => e.kind === 'settlement')!;
    const receipt = await anvil.client.getTransactionReceipt({ hash: settlement.txHash as Hash });
    assert.equal(-BigInt(settlement.amount), receipt.gasUsed * receipt.effectiveGasPrice, 'the real fee');
    assert.equal(settled.item, (credit - receipt.gasUsed * receipt.effectiveGasPrice).toString());
    assert.equal(settled.held, '0');
    await relayer.stop();
  });

  test('a crash after the signed transaction is stored but before it is broadcast: the same bytes go out after restart', async () => {
    // The first relayer stores and signs, but its node calls never arrive (a crash right after commit).
    let offers = 0;
    const lost: Broadcaster = {
      broadcast: async () => {
        offers += 1;
        throw new Error('connection reset: process killed');
      },
    };
    await relayer.start({ broadcaster: lost });
    const record = await mint();
    const stored = await waitFor('the signed transaction stored', async () => {
      const tx = await txOf(record);
      return tx?.status === 'sent' ? tx : undefined;
    });
    assert.equal(stored.broadcast_at, null);
    // Past TX_REPLACE_AFTER_MS (1.5 s) the tracker offers the stored bytes again; it does not outbid
    // them: the node never had them, and a higher fee buys nothing (a crash longer than the
    // replacement delay, as a loaded CI machine once made of this test, went on with a new transaction)
    const signedAt = Date.now();
    await waitFor('the bytes offered again past the replacement delay', async () =>
      offers >= 3 && Date.now() - signedAt > 2_000 ? true : undefined,
    );
    const unreplaced = await txOf(record);
    assert.equal(unreplaced?.tx_hash, stored.tx_hash, 'never outbid while the node has not had it');
    assert.deepEqual(unreplaced?.previous_hashes, []);
    await relayer.stop();
    assert.equal(
      await anvil.client.getTransaction({ hash: stored.tx_hash as Hash }).catch(() => null),
      null,
      'the node never saw it',
    );

    await relayer.start();
    await waitFor(
      'confirmed after the restart',
      async () => (await statusOf(record))?.status === 'confirmed',
    );
    const after = await txOf(record);
    assert.equal(after?.tx_hash, stored.tx_hash, 'the stored bytes were broadcast, not a new transaction');
    assert.equal(after?.raw_tx, stored.raw_tx);
    assert.equal(after?.attempts, 1);
    assert.equal(after?.nonce, stored.nonce);
    const owner = await anvil.client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(record.tokenId)],
    });
    assert.equal(owner.toLowerCase(), record.to);
    const state = await chainAndLedger(anvil, relayer.db, collection);
    assert.equal(state.nextNonce, state.chainCount, 'no gap, no second transaction');
  });
});

describe('a base fee that rises above what a transaction bids', () => {
  let anvil: Anvil;
  let database: { url: string; drop(): Promise<void> };
  let relayer: RelayerHarness;
  let collection: Address;

  before(async () => {
    anvil = await startAnvil();
    database = await freshDatabaseUrl();
    collection = await deployCollection(anvil.rpcUrl);
    // A replacement timer far away: what replaces here is the price check, not the timer.
    relayer = await relayerHarness({
      DATABASE_URL: database.url,
      RPC_URL_GANACHE: anvil.rpcUrl,
      TX_REPLACE_AFTER_MS: '600000',
    });
    await relayer.start();
  });

  after(async () => {
    await relayer?.close();
    await anvil?.stop();
    await database?.drop();
  });

  test('a transaction priced out by the base fee is replaced at once, then mined', async () => {
    await anvil.rpc('evm_setAutomine', [false]);
    let record: MintRecord;
    try {
      record = await relayer.client.send(RELAYER.createMint, {
        chain: 'ganache',
        nftId: 'priced-out',
        collection: collection.toLowerCase(),
        to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
      });
      const first = await waitFor('the first version out', async () => {
        const { rows } = await relayer.db.pool.query<TxRow>(
          `select t.* from relayer.transactions t join relayer.mints m on m.tx_key = t.idempotency_key where m.id = $1`,
          [record.id],
        );
        return rows[0]?.broadcast_at ? rows[0] : undefined;
      });
      // Congestion: the next block's base fee jumps far above the transaction's max fee, so that
      // block leaves it out.
      const high = BigInt(first.max_fee_per_gas) * 10n;
      await anvil.rpc('anvil_setNextBlockBaseFeePerGas', [`0x${high.toString(16)}`]);
      await anvil.rpc('evm_mine');
      const replaced = await waitFor(
        'a replacement that bids above the base fee',
        async () => {
          const { rows } = await relayer.db.pool.query<TxRow>(
            `select * from relayer.transactions where id = $1`,
            [first.id],
          );
          return rows[0] && rows[0].previous_hashes.length > 0 ? rows[0] : undefined;
        },
        15_000,
      );
      assert.ok(BigInt(replaced.max_fee_per_gas) > high, 'the replacement bids above the new base fee');
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
      await anvil.rpc('evm_mine');
    }
    await waitFor('confirmed', async () => {
      const { rows } = await relayer.db.pool.query(`select status from relayer.mints where id = $1`, [
        record.id,
      ]);
      return rows[0]?.status === 'confirmed';
    });
  });
});
