import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPublicClient, http, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tokenTransfers } from '@metatag/chain';
import { deriveChipKeys, simulateTapQuery } from '@metatag/chips';
import { collectionAbi } from '@metatag/contracts';
import { ensureDefaultCollection, ensureSharedContracts, startAnvil } from '@metatag/contracts/node';
import { ensureDatabaseExists } from '@metatag/db';
import { RELAYER } from '@metatag/events';
import { createServiceClient } from '@metatag/nest-kit';
import { freePort, privateNats, startProcess, waitFor, type Proc } from '../testing/processes.js';

// Issue #14 item 2, distributed: chiplinks keeps its own projection of templates' data, so with the
// templates service stopped a chip's tap still authenticates and get-mint-data still issues mint data.
// The built apps (dist) run as separate processes over a private NATS server and the local PostgreSQL.
// Issue #31 item 3, distributed: the relayer confirms its mints from the mint ledger's token.minted
// (templates' one cursor over the chain index, over NATS); with templates stopped they are confirmed
// from the chain once MINT_INDEX_LAG_MS has passed. The chain index is its view as a plain table,
// written as the indexer would (apps/standalone/src/testing/chain-index.fixture.ts does the same).
const root = fileURLToPath(new URL('../..', import.meta.url));
const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const RELAYER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const PASSWORD = 'distributed-admin-password';
const VISITOR = privateKeyToAccount(`0x${'5a'.repeat(32)}`).address.toLowerCase();
/** How long a final relayer mint waits for the ledger's token.minted before the chain is read. */
const MINT_INDEX_LAG_MS = 8000;

/** Replies are read as the route table describes them; the test looks at a few fields. */
interface Reply {
  status: number;
  body: {
    ok?: boolean;
    url?: string | null;
    chain?: string | null;
    data?: string;
    nft?: { collection: string };
    item?: { id: number | string };
  };
}

/** A tiny browser: JSON calls that keep the session cookie. */
class Browser {
  private cookie: string | undefined;
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Reply> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

test('templates stopped: taps still authenticate, get-mint-data still issues mint data, relayer mints still confirm', async () => {
  const nats = await privateNats();
  const anvil = await startAnvil();
  const dir = await mkdtemp(join(tmpdir(), 'metatag-outage-'));
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/metatag_outage_${randomBytes(3).toString('hex')}`;
  await ensureDatabaseExists(databaseUrl);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  // the indexer's view: there is an index, so a relayer mint waits for the ledger first
  await db.query('CREATE SCHEMA IF NOT EXISTS chain');
  await db.query(`CREATE TABLE chain.transfers (id text primary key, chain_id integer, collection text,
    token_id numeric, from_address text, to_address text, block_number bigint, block_timestamp bigint,
    tx_hash text, log_index integer)`);
  const chain = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
  const relayer = privateKeyToAccount(RELAYER_KEY).address;
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: relayer,
  });
  const fallback = await ensureDefaultCollection({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    locator: shared.libraryAddressLocator,
    minter: relayer,
    stateFile: join(dir, 'default-collection.json'),
  });
  const port = await freePort();
  const masterKey = randomBytes(16).toString('hex');
  const env = {
    TRANSPORT: 'nats',
    NATS_URL: nats.url,
    QUEUE: 'inprocess',
    DATABASE_URL: databaseUrl,
    RPC_URL_GANACHE: anvil.url,
    LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
    TAG_RELAYER_GANACHE: shared.tagRelayer.toLowerCase(),
    DEFAULT_COLLECTION_GANACHE: fallback.address.toLowerCase(),
    RELAYER_PRIVATE_KEY: RELAYER_KEY,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
    CHIP_MASTER_KEY: masterKey,
    SUPER_ADMIN_PASSWORD: PASSWORD,
    PORT: String(port),
    RPC_TIMEOUT_MS: '2000',
    TX_RECEIPT_POLL_MS: '100',
    MINT_INDEX_LAG_MS: String(MINT_INDEX_LAG_MS),
    LOG_LEVEL: 'warn',
  };
  const app = (name: string) => startProcess(process.execPath, [`apps/${name}/dist/main.js`], env, root);
  const procs = new Map<string, Proc>(
    ['auth', 'templates', 'chiplinks', 'relayer', 'gateway'].map((name) => [name, app(name)]),
  );
  const logs = () => [...procs].map(([name, p]) => `--- ${name}\n${p.output()}`).join('\n');
  const base = `http://127.0.0.1:${port}`;
  const services = createServiceClient('test', {
    TRANSPORT: 'nats',
    NATS_URL: env.NATS_URL,
    RPC_TIMEOUT_MS: 30_000,
  });

  /** A relayer mint to a fresh address in the default collection, once its transaction is final. */
  const relayerMint = async () => {
    const record = await services.send(RELAYER.createMint, {
      chain: 'ganache',
      nftId: 'outage',
      collection: fallback.address.toLowerCase(),
      to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
    });
    const tx = await waitFor(
      async () => {
        const { rows } = await db.query<{ tx_hash: string; finished_at: Date }>(
          `select t.tx_hash, t.finished_at from relayer.transactions t
           join relayer.mints m on m.tx_key = t.idempotency_key where m.id = $1 and t.status = 'confirmed'`,
          [record.id],
        );
        return rows[0];
      },
      60_000,
      'the mint transaction to be final',
    ).catch((e: Error) => assert.fail(`${e.message}\n${logs()}`));
    return { ...record, ...tx };
  };

  /** What the indexer writes for the Transfers of a transaction. */
  const index = async (hash: string) => {
    const receipt = await chain.getTransactionReceipt({ hash: hash as Hash });
    const block = await chain.getBlock({ blockNumber: receipt.blockNumber });
    for (const t of tokenTransfers(receipt.logs))
      await db.query(`insert into chain.transfers values ($1, 1337, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        `${hash}-${t.logIndex}`,
        t.collection.toLowerCase(),
        t.tokenId.toString(),
        t.from.toLowerCase(),
        t.to.toLowerCase(),
        receipt.blockNumber.toString(),
        block.timestamp.toString(),
        hash,
        t.logIndex,
      ]);
  };

  const confirmed = (id: string, timeoutMs: number) =>
    waitFor(
      async () => {
        const { rows } = await db.query<{ confirmed_by: string; confirmed_at: Date }>(
          `select confirmed_by, confirmed_at from relayer.mints where id = $1 and status = 'confirmed'`,
          [id],
        );
        return rows[0];
      },
      timeoutMs,
      `mint ${id} confirmed`,
    ).catch((e: Error) => assert.fail(`${e.message}\n${logs()}`));

  const ownerOf = async (tokenId: string) =>
    (
      await chain.readContract({
        address: fallback.address as Address,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [BigInt(tokenId)],
      })
    ).toLowerCase();

  try {
    await services.connect();
    const boss = new Browser(base);
    // Signing in needs only auth and the gateway; the chip and link calls below need chiplinks too, so
    // wait until readiness sees every service this test started (deployer is not among them).
    await waitFor(
      async () => {
        const res = await fetch(`${base}/readyz`).catch(() => undefined);
        const body = res ? ((await res.json()) as { services?: Record<string, boolean> }) : undefined;
        const started = ['auth', 'templates', 'chiplinks', 'relayer'];
        return body?.services && started.every((name) => body.services![name]) ? true : undefined;
      },
      90_000,
      'every started service to answer readiness',
    ).catch((e: Error) => assert.fail(`${e.message}\n${logs()}`));
    await waitFor(
      async () => {
        const res = await boss
          .call('POST', '/password-login', { name: 'admin', password: PASSWORD })
          .catch(() => undefined);
        return res?.status === 200 ? res : undefined;
      },
      90_000,
      'the stack to sign the super admin in',
    ).catch((e: Error) => assert.fail(`${e.message}\n${logs()}`));

    // the super admin's template in the chain's default collection, a chip and a link of it
    const template = await boss.call('POST', '/json/ganache/nft', {});
    assert.equal(template.status, 201, JSON.stringify(template.body));
    const nftId = template.body.item!.id as number;
    const titled = await boss.call('PUT', `/json/ganache/nft/${nftId}`, {
      utility_url: 'https://utility.example/u',
    });
    assert.equal(titled.status, 200, JSON.stringify(titled.body));
    const uid = randomBytes(7).toString('hex').toUpperCase();
    const chip = await boss.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
    assert.equal(chip.status, 201, JSON.stringify(chip.body));
    const tag = chip.body.item!.id as string;
    const link = await boss.call('POST', `/json/qrlink/link/${nftId}`, {});
    assert.equal(link.status, 201, JSON.stringify(link.body));
    const keys = deriveChipKeys(Buffer.from(masterKey, 'hex'), uid);
    let counter = 0;
    const tap = () => simulateTapQuery(keys, { uid, readCounter: ++counter }, 'auth').slice('auth='.length);

    // chiplinks applied templates' events (over NATS) to its projection: the utility URL is there
    await waitFor(
      async () => {
        const { rows } = await db.query(
          `select item->>'utility_url' as url from chiplinks.template_views where id = $1`,
          [nftId],
        );
        return rows[0]?.url === 'https://utility.example/u' ? true : undefined;
      },
      20_000,
      'the projection to hold the template',
    ).catch((e: Error) => assert.fail(`${e.message}\n${logs()}`));

    // templates up: its ledger projects the indexed Transfer into token.minted, which confirms the
    // relayer's record over NATS before the chain read would
    const before = await relayerMint();
    await index(before.tx_hash);
    const byLedger = await confirmed(before.id, MINT_INDEX_LAG_MS);
    assert.equal(byLedger.confirmed_by, 'index', 'confirmed by the ledger');
    assert.equal(await ownerOf(before.tokenId), before.to);

    await procs.get('templates')!.stop();
    procs.delete('templates');

    // templates down: nobody projects the index; the relayer reads the chain after the lag
    const during = await relayerMint();
    await index(during.tx_hash);
    const byChain = await confirmed(during.id, MINT_INDEX_LAG_MS + 30_000);
    assert.equal(byChain.confirmed_by, 'chain');
    assert.ok(
      byChain.confirmed_at.getTime() - during.finished_at.getTime() >= MINT_INDEX_LAG_MS - 100,
      'the ledger had its chance first',
    );
    assert.equal(await ownerOf(during.tokenId), during.to);

    const visitor = new Browser(base);
    const list = await boss.call('GET', '/json/ganache/nfts');
    assert.ok(list.status >= 500, `templates is down: its own routes fail (${list.status})`);

    const scanned = await visitor.call('POST', '/json/check-tag', { tag, auth: tap() });
    assert.equal(scanned.status, 200, JSON.stringify(scanned.body));
    assert.equal(scanned.body.ok, true, JSON.stringify(scanned.body));
    assert.equal(scanned.body.url, 'https://utility.example/u');
    assert.equal(scanned.body.chain, 'ganache');

    const chipMint = await visitor.call('GET', `/json/get-mint-data/${tag}?to=${VISITOR}&auth=${tap()}`);
    assert.equal(chipMint.status, 200, JSON.stringify(chipMint.body));
    assert.equal(chipMint.body.ok, true, JSON.stringify(chipMint.body));
    assert.match(chipMint.body.data ?? '', /^0x[0-9a-f]+$/);
    assert.equal(chipMint.body.nft?.collection, fallback.address.toLowerCase());

    const linkMint = await visitor.call('GET', `/json/get-mint-data/${link.body.item!.id}?to=${VISITOR}`);
    assert.equal(linkMint.body.ok, true, JSON.stringify(linkMint.body));
    assert.equal(linkMint.body.nft?.collection, fallback.address.toLowerCase());
  } finally {
    await services.close();
    await db.end();
    await Promise.all([...procs.values()].map((p) => p.stop()));
    await anvil.stop();
    nats.child.kill('SIGTERM');
    await once(nats.child, 'exit');
    await rm(dir, { recursive: true, force: true });
  }
});
