// The mint lifecycle against a real anvil and PostgreSQL, run once per queue adapter
// (mint-lifecycle.inprocess.int-spec.ts, mint-lifecycle.bullmq.int-spec.ts).
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { nonceGaps } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import { RELAYER, RELAYER_EVENTS } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { txSendJob } from '../jobs/relayer.jobs.js';
import { JOB_QUEUE } from '../relayer.tokens.js';
import {
  DEPLOYER_KEY,
  RELAYER_ADDRESS,
  chainAndLedger,
  deployCollection,
  freshDatabaseUrl,
  received,
  relayerHarness,
  startAnvil,
  waitFor,
  type Anvil,
  type RelayerHarness,
} from './relayer.fixture.js';

export interface SuiteOptions {
  label: string;
  env: Record<string, string>;
  /** Called after the suite, e.g. to delete the BullMQ keys of its prefix. */
  cleanup?: () => Promise<void>;
}

const N = 200;
const recipient = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

export function runMintLifecycleSuite(options: SuiteOptions): void {
  describe(`mint lifecycle (${options.label})`, () => {
    let anvil: Anvil;
    let database: { url: string; drop(): Promise<void> };
    let relayer: RelayerHarness;
    let collection: Address;

    before(async () => {
      anvil = await startAnvil();
      database = await freshDatabaseUrl();
      collection = await deployCollection(anvil.rpcUrl);
      relayer = await relayerHarness({
        ...options.env,
        DATABASE_URL: database.url,
        RPC_URL_GANACHE: anvil.rpcUrl,
      });
      await relayer.start();
    });

    after(async () => {
      await relayer?.close();
      await anvil?.stop();
      await options.cleanup?.();
      await database?.drop();
    });

    const mint = (body: { to: string; idempotencyKey?: string; collection?: string; nftId?: string }) =>
      relayer.client.send(RELAYER.createMint, {
        chain: 'ganache',
        nftId: 'template-1',
        collection: collection.toLowerCase(),
        ...body,
      });

    /**
     * One of a burst of hundreds, sent as a client should: under its own idempotency key, and again
     * after a 503 ('try again shortly': the pool waited 5 s for a connection, as it may on a loaded
     * machine). The key makes a retry return the first record, so a retry never mints twice.
     */
    const burstMint = async (to: string) => {
      const idempotencyKey = `burst-${randomUUID()}`;
      for (let attempt = 1; ; attempt++) {
        try {
          return await mint({ to, idempotencyKey });
        } catch (error) {
          if (!(error instanceof AppError && error.status === 503) || attempt === 10) throw error;
          await new Promise((r) => setTimeout(r, 250 * attempt));
        }
      }
    };

    async function allConfirmed(expected: number) {
      return waitFor(
        `${expected} confirmed mints`,
        async () => {
          const { rows } = await relayer.db.pool.query(
            `select status, count(*)::int as n from relayer.mints where collection = $1 group by status`,
            [collection.toLowerCase()],
          );
          const by = Object.fromEntries(rows.map((r: { status: string; n: number }) => [r.status, r.n]));
          return (by.confirmed ?? 0) >= expected ? by : undefined;
        },
        120_000,
        200,
      );
    }

    /** Every invariant of "none lost, none twice, no gap". */
    async function assertLedger(expectedMints: number) {
      const state = await chainAndLedger(anvil, relayer.db, collection);
      assert.equal(state.totalSupply, BigInt(expectedMints), 'totalSupply');
      const confirmed = state.mints.filter((m) => m.status === 'confirmed');
      assert.equal(confirmed.length, expectedMints);
      assert.equal(new Set(confirmed.map((m) => m.token_id)).size, expectedMints, 'token ids are unique');
      const owners = await Promise.all(
        confirmed.map((m) =>
          anvil.client.readContract({
            address: collection,
            abi: collectionAbi,
            functionName: 'ownerOf',
            args: [BigInt(m.token_id)],
          }),
        ),
      );
      confirmed.forEach((m, i) =>
        assert.equal(owners[i].toLowerCase(), m.to_address, `owner of ${m.token_id}`),
      );
      // Nonces: every stored nonce is unique, the sequence has no gap, and it ends where the chain is.
      const nonces = state.txs
        .filter((t) => t.nonce !== null && t.kind !== 'nonce-fill')
        .map((t) => Number(t.nonce));
      assert.equal(new Set(nonces).size, nonces.length, 'a nonce used twice');
      assert.equal(
        state.nextNonce,
        state.chainCount,
        'sender_nonces.next_nonce == the chain transaction count',
      );
      const first = Math.min(...nonces);
      assert.deepEqual(nonceGaps(nonces, first, state.chainCount), [], 'gaps in the stored nonces');
      assert.ok(
        state.txs.every((t) => t.status === 'confirmed'),
        'every transaction confirmed',
      );
      // One mint.confirmed per record. The events arrive over NATS after the ledger says confirmed,
      // so read what was received afresh on every poll until all are in (or the deadline passes).
      const confirmedIds = () =>
        new Set(
          received
            .filter(
              (e) =>
                e.pattern === RELAYER_EVENTS.mintConfirmed.subject &&
                e.data.collection === collection.toLowerCase(),
            )
            .map((e) => e.data.mintId),
        );
      await waitFor(
        `${expectedMints} mint.confirmed events`,
        async () => confirmedIds().size >= expectedMints,
        10_000,
      );
      const ids = confirmedIds();
      assert.equal(ids.size, expectedMints, 'one mint.confirmed per record');
      return state;
    }

    test(`${N} concurrent mints: all confirmed, none twice, nonces contiguous`, async () => {
      const records = await Promise.all(Array.from({ length: N }, () => burstMint(recipient())));
      assert.ok(records.every((r) => r.status === 'queued' && r.chain === 'ganache'));
      assert.equal(new Set(records.map((r) => r.tokenId)).size, N);
      await allConfirmed(N);
      await assertLedger(N);
      const listed = await relayer.client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'template-1' });
      assert.equal(listed.items.length, N);
      assert.ok(listed.items.every((i) => i.status === 'confirmed' && /^0x[0-9a-f]{64}$/.test(i.tx ?? '')));
      assert.deepEqual(Object.keys(listed.items[0]).sort(), ['created', 'status', 'to', 'tokenId', 'tx']);
    });

    test('the worker stops in the middle and starts again: nothing lost or doubled', async () => {
      const before = (await chainAndLedger(anvil, relayer.db, collection)).mints.length;
      const batch = 2 * N;
      await Promise.all(Array.from({ length: batch }, () => burstMint(recipient())));
      await allConfirmed(before + 10);
      await relayer.stop();
      const midway = (await chainAndLedger(anvil, relayer.db, collection)).mints.filter(
        (m) => m.status === 'confirmed',
      ).length;
      await relayer.start();
      assert.ok(midway < before + batch, `stopped before the end (${midway - before} of ${batch} done)`);
      await allConfirmed(before + batch);
      await assertLedger(before + batch);
    });

    test('an Idempotency-Key makes a retried request return the first mint', async () => {
      const to = recipient();
      const key = `user-7-${Date.now()}`;
      const [a, b] = await Promise.all([
        mint({ to, idempotencyKey: key }),
        mint({ to, idempotencyKey: key }),
      ]);
      const c = await mint({ to, idempotencyKey: key });
      assert.equal(a.id, b.id);
      assert.equal(a.id, c.id);
      assert.equal(a.tokenId, c.tokenId);
      await assert.rejects(
        mint({ to: recipient(), idempotencyKey: key }),
        (e: unknown) => e instanceof AppError && e.status === 409,
      );
      await waitFor('the keyed mint', async () => {
        const list = await relayer.client.send(RELAYER.listMints, {
          chain: 'ganache',
          nftId: 'template-1',
        });
        return list.items.find((i) => i.tokenId === a.tokenId)?.status === 'confirmed';
      });
      const { rows } = await relayer.db.pool.query(
        `select count(*)::int as n from relayer.mints where request_key = $1`,
        [key],
      );
      assert.equal(rows[0].n, 1);
    });

    test('a token id already minted outside MetaTag fails that mint; the next one gets the next id', async () => {
      // Another collection whose token 1 is minted by its first minter before the relayer becomes minter.
      const other = await deployCollection(anvil.rpcUrl, DEPLOYER_KEY);
      const transport = http(anvil.rpcUrl);
      const deployer = createWalletClient({ account: privateKeyToAccount(DEPLOYER_KEY), transport });
      const client = createPublicClient({ transport, pollingInterval: 50 });
      const outsider = recipient() as Address;
      for (const request of [
        { functionName: 'mint', args: [outsider, 1n] },
        { functionName: 'setMinter', args: [RELAYER_ADDRESS as Address] },
      ] as const) {
        const hash = await deployer.writeContract({
          address: other,
          abi: collectionAbi,
          chain: null,
          ...request,
        } as Parameters<typeof deployer.writeContract>[0]);
        await client.waitForTransactionReceipt({ hash });
      }
      const to = recipient();
      const first = await mint({ to, collection: other.toLowerCase(), nftId: 'collide' });
      const second = await mint({ to, collection: other.toLowerCase(), nftId: 'collide' });
      assert.deepEqual([first.tokenId, second.tokenId], ['1', '2']);
      const items = await waitFor('both settled', async () => {
        const list = await relayer.client.send(RELAYER.listMints, {
          chain: 'ganache',
          nftId: 'collide',
        });
        return list.items.every((i) => i.status === 'confirmed' || i.status === 'failed') &&
          list.items.length === 2
          ? list.items
          : undefined;
      });
      const byToken = Object.fromEntries(items.map((i) => [i.tokenId, i.status]));
      assert.deepEqual(byToken, { '1': 'failed', '2': 'confirmed' });
      const { rows } = await relayer.db.pool.query(
        `select m.error, t.status, t.nonce from relayer.mints m join relayer.transactions t on t.idempotency_key = m.tx_key where m.id = $1`,
        [first.id],
      );
      assert.match(rows[0].error, /TokenAlreadyMinted\(1\)/);
      assert.equal(rows[0].nonce, null, 'refused before it took a nonce');
      const owner = await client.readContract({
        address: other,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [1n],
      });
      assert.equal(owner.toLowerCase(), outsider.toLowerCase());
      await waitFor('mint.failed', async () =>
        received.some((e) => e.pattern === RELAYER_EVENTS.mintFailed.subject && e.data.mintId === first.id),
      );
    });

    test('a transaction the node refuses for good gets its nonce filled, so later ones still mine', async () => {
      // A tx.send whose gas limit is below the intrinsic gas: the node refuses it after it took a nonce.
      const queue = relayer.running?.app.get<symbol, JobQueue>(JOB_QUEUE);
      assert.ok(queue);
      const key = `refused-${Date.now()}`;
      await queue.add(txSendJob, {
        chainId: 1337,
        to: RELAYER_ADDRESS,
        data: '0x',
        value: '0',
        kind: 'relay',
        idempotencyKey: key,
        gasLimit: '1000',
      });
      await mint({ to: recipient(), nftId: 'after-refusal' });
      const rows = await waitFor('the refused transaction and its fill', async () => {
        const { rows } = await relayer.db.pool.query(
          `select kind, status, nonce, last_error from relayer.transactions
           where idempotency_key = $1 or fills_for = (select id from relayer.transactions where idempotency_key = $1)
           order by kind`,
          [key],
        );
        return rows.length === 2 &&
          rows.every((r: { status: string }) => r.status !== 'sent' && r.status !== 'queued')
          ? rows
          : undefined;
      });
      const [fill, refused] = rows as { kind: string; status: string; nonce: string; last_error: string }[];
      assert.equal(refused.kind, 'relay');
      assert.equal(refused.status, 'failed');
      assert.match(refused.last_error, /intrinsic gas/i);
      assert.equal(fill.kind, 'nonce-fill');
      assert.equal(fill.status, 'confirmed');
      assert.equal(fill.nonce, refused.nonce);
      await waitFor('the mint after the refusal', async () => {
        const list = await relayer.client.send(RELAYER.listMints, {
          chain: 'ganache',
          nftId: 'after-refusal',
        });
        return list.items[0]?.status === 'confirmed';
      });
      const state = await chainAndLedger(anvil, relayer.db, collection);
      assert.equal(state.nextNonce, state.chainCount);
    });
  });
}
