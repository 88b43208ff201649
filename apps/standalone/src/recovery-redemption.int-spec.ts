import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newAdmin, newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
  type ChainWallet,
} from './testing/chain-owner.fixture.js';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';

// Issue #32 items 1 and 5 against the real stack (anvil, PostgreSQL, the chain indexer, an SMTP server
// and a webhook receiver started here): the brand recovers a chip's token with a reason and the public
// lookup lists it from the index; the new holder redeems it (burn), the page's report is proven from the
// receipt, the shop gets one email and one HMAC-signed webhook, a second report tells nobody, and the
// owner's list shows it (nobody else's). A redemption no page reports reaches the shop through the
// chain index (decision 105): once, and a failed webhook is retried without a second email.

const inbox: { to: string; text: string }[] = [];
const hooks: { url: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
let smtp: SMTPServer;
let hookServer: Server;
let fixture: ChainOwnerStack;
let stack: TestStack;
let collection: Address;
let owner: Client;
let brand: ChainWallet;

const call = (fn: 'setRecoveryAllowed' | 'mint' | 'redeem', args: readonly unknown[]): Hex =>
  encodeFunctionData({ abi: collectionAbi, functionName: fn, args } as Parameters<
    typeof encodeFunctionData
  >[0]);

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  hookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      // the flaky shop answers its first call with a 500: the notifier must come back
      const flakyFirst = req.url === '/hooks/flaky' && hooks.filter((h) => h.url === req.url).length === 1;
      res.writeHead(flakyFirst ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', () => resolve()));
  fixture = await startChainOwnerStack({
    name: 'Recoverable',
    symbol: 'RCV',
    env: {
      TX_RECEIPT_POLL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
      REDEMPTION_WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  });
  ({ stack, collection, owner } = fixture);
  // the collection's owner (the relayer's key in this fixture) switches recovery on before any token
  brand = fixture.wallet(ANVIL_DEV_KEY_1);
  assert.equal((await brand.send({ data: call('setRecoveryAllowed', [true]) })).status, 'success');
});
after(async () => {
  await fixture?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => hookServer?.close(() => resolve()));
});

test('recovery shows on the token page; a burn-redeem is proven, recorded once and tells the shop', async () => {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const webhookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/hooks/metatag`;
  const redemption = {
    kind: 'good',
    description: 'A pair of golden laces',
    mode: 'burn',
    notifyEmail: 'shop@example.org',
    webhookUrl,
  };
  const bad = await owner.call('PUT', `/json/ganache/nft/${nftId}`, {
    redemption: { ...redemption, webhookUrl: 'ftp://shop.example' },
  });
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
  const set = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { redemption });
  assert.equal(set.status, 200, JSON.stringify(set.body));

  const chip = new SimulatedChip(fixture.secrets.CHIP_MASTER_KEY!);
  const chipId = await provisionChip(owner, nftId, chip);
  const anonymous = new Client(stack.url);
  const lookup = async () => (await anonymous.call('GET', `/json/nft-by-chiplink/${chipId}?type=chip`)).body;
  const first = await lookup();
  const tokenId = BigInt((first.chiplink as { tokenToMint: string }).tokenToMint);
  assert.deepEqual((first.nft as { redemption: unknown }).redemption, {
    kind: 'good',
    description: 'A pair of golden laces',
    mode: 'burn',
  });

  const [oldWallet, newWallet] = VISITOR_KEYS.map((key) => fixture.wallet(key));
  assert.equal((await brand.send({ data: call('mint', [oldWallet.address, tokenId]) })).status, 'success');
  // the API prepares the recovery (#32 item 1): the collection must be the caller's, and the chain's
  // own answer (a simulation from the owner's wallet) decides the rest, in the spec's texts
  const { client: stranger } = await newAdmin(stack.url, fixture.boss);
  const recover = (who: Client, body: Record<string, unknown>) =>
    who.call('POST', '/json/ganache/recover', {
      collection,
      tokenId: tokenId.toString(),
      reason: 'Lost wallet: moved to the new wallet',
      ...body,
    });
  const refusals = [
    [await recover(stranger, { to: newWallet.address }), 404, 'No collection of yours has this address'],
    [await recover(owner, { reason: 'x'.repeat(201) }), 400, 'A recovery reason is 1 to 200 bytes'],
    [await recover(owner, { to: oldWallet.address }), 400, 'This address already holds the token'],
    [await recover(owner, { tokenId: '987654321' }), 404, 'This token does not exist'],
  ] as const;
  for (const [reply, status, text] of refusals)
    assert.deepEqual([reply.status, reply.body.errorMessage], [status, text], JSON.stringify(reply.body));
  const toBrand = await recover(owner, {});
  assert.equal(toBrand.status, 200, JSON.stringify(toBrand.body));
  assert.equal(toBrand.body.to, brand.address, 'without `to` the token goes back to the brand');
  const prepared = await recover(owner, { to: newWallet.address });
  assert.equal(prepared.status, 200, JSON.stringify(prepared.body));
  assert.deepEqual(
    { from: prepared.body.from, holder: prepared.body.holder, to: prepared.body.to },
    { from: brand.address, holder: oldWallet.address, to: newWallet.address },
  );
  const transaction = prepared.body.transaction as { to: string; data: Hex };
  assert.equal(transaction.to, collection.toLowerCase());
  const recovered = await brand.send({ data: transaction.data });
  assert.equal(recovered.status, 'success');

  type Lifecycle = {
    recoveryAllowed: boolean;
    recoveries: { from: string; to: string; reason: string; at: string; txHash: string }[];
    redemption: { burned: boolean; holder: string } | null;
  };
  const life = await until(
    async () => (await lookup()).lifecycle as Lifecycle | null,
    (l) => (l?.recoveries.length ?? 0) === 1,
    'the recovery in the index',
    180_000,
  ).catch(async (error: unknown) => {
    // say how far the index is: a slow machine and a broken handler look alike from the page
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const status = await db.query('SELECT * FROM chain.status').catch((e: Error) => ({ rows: e.message }));
      const views = await db.query(
        "SELECT table_name FROM information_schema.views WHERE table_schema = 'chain' ORDER BY 1",
      );
      throw new Error(
        `${(error as Error).message}; chain.status ${JSON.stringify(status.rows)}; views ${JSON.stringify(views.rows)}; head ${await fixture.chain.getBlockNumber()}`,
      );
    } finally {
      await db.end();
    }
  });
  assert.equal(life?.recoveryAllowed, true);
  assert.deepEqual(
    life?.recoveries.map(({ from, to, reason, txHash }) => ({ from, to, reason, txHash })),
    [
      {
        from: oldWallet.address,
        to: newWallet.address,
        reason: 'Lost wallet: moved to the new wallet',
        txHash: recovered.transactionHash,
      },
    ],
  );

  // a report is proven from the chain: a transaction that redeemed nothing, or none at all, is refused
  const notRedeem = await anonymous.call('POST', '/json/redemptions', {
    id: chipId,
    type: 'chip',
    txHash: recovered.transactionHash,
  });
  assert.equal(notRedeem.status, 400, JSON.stringify(notRedeem.body));
  const unknown = await anonymous.call('POST', '/json/redemptions', {
    id: chipId,
    type: 'chip',
    txHash: `0x${'ab'.repeat(32)}`,
  });
  assert.equal(unknown.status, 409, JSON.stringify(unknown.body));
  const malformed = await anonymous.call('POST', '/json/redemptions', {
    id: chipId,
    type: 'chip',
    txHash: '0x1',
  });
  assert.equal(malformed.status, 400);

  const redeemed = await newWallet.send({ data: call('redeem', [tokenId, true]) });
  assert.equal(redeemed.status, 'success');
  const report = await anonymous.call('POST', '/json/redemptions', {
    id: chipId,
    type: 'chip',
    txHash: redeemed.transactionHash,
  });
  assert.equal(report.status, 200, JSON.stringify(report.body));
  const record = (report.body as { redemption: Record<string, unknown> }).redemption;
  assert.equal(record.holder, newWallet.address);
  assert.equal(record.burned, true);
  assert.equal(record.tokenId, tokenId.toString());
  // the report usually records it first and tells the shop before answering; when the index's
  // follower was first, the notifier tells it instead: once in total either way
  await until(
    async () => [inbox.length, hooks.length],
    ([mails, calls]) => mails === 1 && calls === 1,
    'the shop email and webhook',
  );
  assert.equal(inbox[0]?.to, 'shop@example.org');
  assert.match(inbox[0]?.text ?? '', /A pair of golden laces/);
  assert.match(inbox[0]?.text ?? '', new RegExp(newWallet.address, 'i'));
  assert.equal(hooks.length, 1);

  // the owner reads the webhook key; the signature is HMAC-SHA256 of "{timestamp}.{body}"
  const list = await owner.call('GET', `/json/redemptions/${nftId}`);
  assert.equal(list.status, 200, JSON.stringify(list.body));
  const { items, webhookSecret } = list.body as { items: { txHash: string }[]; webhookSecret: string };
  assert.deepEqual(
    items.map((i) => i.txHash),
    [redeemed.transactionHash.toLowerCase()],
  );
  const hook = hooks[0]!;
  const timestamp = String(hook.headers['x-metatag-timestamp']);
  const expected = `sha256=${createHmac('sha256', webhookSecret).update(`${timestamp}.${hook.body}`).digest('hex')}`;
  assert.equal(hook.headers['x-metatag-signature'], expected);
  const hookBody = JSON.parse(hook.body) as { event: string; redemption: Record<string, unknown> };
  assert.equal(hookBody.event, 'token.redeemed');
  assert.ok(!('noticePending' in hookBody.redemption), 'the shop gets the redemption, not our notice state');

  // a second report answers the same record and tells nobody, nor do the follower and the notifier
  // (rounds of 1 s and 2 s: wait a few)
  const again = await anonymous.call('POST', '/json/redemptions', {
    id: chipId,
    type: 'chip',
    txHash: redeemed.transactionHash,
  });
  assert.equal(again.status, 200);
  const told = (
    again.body as {
      redemption: { emailedAt: string | null; webhookAt: string | null; noticePending: boolean };
    }
  ).redemption;
  assert.ok(told.emailedAt && told.webhookAt, JSON.stringify(told));
  assert.equal(told.noticePending, false, 'told: the page stops following');
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  assert.equal(inbox.length, 1);
  assert.equal(hooks.length, 1);

  // another admin does not see this template's redemptions
  assert.equal((await stranger.call('GET', `/json/redemptions/${nftId}`)).status, 404);

  const done = await until(
    async () => (await lookup()).lifecycle as Lifecycle | null,
    (l) => l?.redemption !== null && l?.redemption !== undefined,
    'the redemption in the index',
    180_000,
  );
  assert.equal(done?.redemption?.burned, true);
  assert.equal(done?.redemption?.holder, newWallet.address);
  // spent: a fresh tap gets no voucher for the burned id (the collection would refuse it)
  const retap = await anonymous.call(
    'GET',
    `/json/get-mint-data/${chipId}?to=${oldWallet.address}&auth=${chip.tap()}`,
  );
  assert.deepEqual(retap.body, { ok: false, errorMessage: 'cannot mint', reason: 'already_minted' });
  // a burned, redeemed token cannot be recovered (the chain says it no longer exists; `redeemed` says why)
  const spent = await recover(owner, {});
  assert.deepEqual(
    [spent.status, spent.body.errorMessage],
    [409, 'This token was redeemed: it cannot be recovered'],
  );
});

test('a redemption no page reports reaches the shop once from the chain index; a failed webhook is retried', async () => {
  const port = (hookServer.address() as { port: number }).port;
  const anonymous = new Client(stack.url);
  const [holder] = VISITOR_KEYS.map((key) => fixture.wallet(key));
  /** A template telling `email` and `/hooks/{path}`, one chip of it minted to `holder`: its token id. */
  const redeemable = async (email: string, path: string) => {
    const nftId = await newTemplate(owner, collection.toLowerCase());
    const redemption = {
      kind: 'discount',
      description: `20 % off, told to ${path}`,
      mode: 'burn',
      notifyEmail: email,
      webhookUrl: `http://127.0.0.1:${port}/hooks/${path}`,
    };
    const set = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { redemption });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const chipId = await provisionChip(owner, nftId, new SimulatedChip(fixture.secrets.CHIP_MASTER_KEY!));
    const found = await anonymous.call('GET', `/json/nft-by-chiplink/${chipId}?type=chip`);
    const tokenId = BigInt((found.body.chiplink as { tokenToMint: string }).tokenToMint);
    assert.equal((await brand.send({ data: call('mint', [holder!.address, tokenId]) })).status, 'success');
    return { nftId, chipId, tokenId };
  };
  const quiet = await redeemable('quiet@example.org', 'quiet');
  const flaky = await redeemable('flaky@example.org', 'flaky');
  const hooksAt = (path: string) => hooks.filter((h) => h.url === `/hooks/${path}`);
  const mailsTo = (to: string) => inbox.filter((m) => m.to === to);

  // the holder's wallet redeems both and no page ever reports them
  const quietTx = await holder!.send({ data: call('redeem', [quiet.tokenId, true]) });
  const flakyTx = await holder!.send({ data: call('redeem', [flaky.tokenId, true]) });
  assert.deepEqual([quietTx.status, flakyTx.status], ['success', 'success']);

  await until(
    async () => [mailsTo('quiet@example.org').length, hooksAt('quiet').length],
    ([mails, calls]) => mails === 1 && calls === 1,
    'the quiet shop told from the index',
    120_000,
  );
  // the flaky shop's first call failed (500); the retry (5 s later) sends the webhook, not the email again
  await until(
    async () => hooksAt('flaky').length,
    (calls) => calls === 2,
    'the flaky webhook retried',
    120_000,
  );

  const { webhookSecret: quietKey } = (await owner.call('GET', `/json/redemptions/${quiet.nftId}`)).body as {
    webhookSecret: string;
  };
  const { webhookSecret: flakyKey } = (await owner.call('GET', `/json/redemptions/${flaky.nftId}`)).body as {
    webhookSecret: string;
  };
  for (const [hook, key] of [
    [hooksAt('quiet')[0]!, quietKey],
    ...hooksAt('flaky').map((h) => [h, flakyKey] as const),
  ] as const) {
    const timestamp = String(hook.headers['x-metatag-timestamp']);
    const signature = createHmac('sha256', key).update(`${timestamp}.${hook.body}`).digest('hex');
    assert.equal(hook.headers['x-metatag-signature'], `sha256=${signature}`, 'signed with the template key');
    const body = JSON.parse(hook.body) as { event: string; redemption: { txHash: string; holder: string } };
    assert.equal(body.event, 'token.redeemed');
    assert.equal(body.redemption.holder, holder!.address.toLowerCase());
  }
  assert.equal(
    (JSON.parse(hooksAt('quiet')[0]!.body) as { redemption: { txHash: string } }).redemption.txHash,
    quietTx.transactionHash.toLowerCase(),
  );
  assert.match(mailsTo('quiet@example.org')[0]?.text ?? '', /20 % off, told to quiet/);

  // the page reports late: the same record, already told, and nobody is told again
  const late = await anonymous.call('POST', '/json/redemptions', {
    id: quiet.chipId,
    type: 'chip',
    txHash: quietTx.transactionHash,
  });
  assert.equal(late.status, 200, JSON.stringify(late.body));
  const lateRecord = (late.body as { redemption: { emailedAt: string | null; webhookAt: string | null } })
    .redemption;
  assert.ok(lateRecord.emailedAt && lateRecord.webhookAt, JSON.stringify(lateRecord));

  // a few rounds of the follower (1 s) and the notifier (2 s) later, still once each
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  assert.deepEqual(
    [
      mailsTo('quiet@example.org').length,
      hooksAt('quiet').length,
      mailsTo('flaky@example.org').length,
      hooksAt('flaky').length,
    ],
    [1, 1, 1, 2],
  );
  const { items } = (await owner.call('GET', `/json/redemptions/${flaky.nftId}`)).body as {
    items: { txHash: string; emailedAt: string | null; webhookAt: string | null }[];
  };
  assert.equal(items.length, 1);
  assert.equal(items[0]?.txHash, flakyTx.transactionHash.toLowerCase());
  assert.ok(items[0]?.emailedAt && items[0]?.webhookAt, 'the owner sees both told');
});
