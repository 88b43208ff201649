import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { encodeFunctionData, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LINK_CLAIMED_BY_ANOTHER, ORDER_EMAIL_ONLY, type SearchReply } from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import { DEPLOYER_KEY, RELAYER_ADDRESS, startAnvil, type Anvil } from '@metatag/relayer/testing';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { newAdmin, superAdmin } from './testing/chips.fixture.js';
import { attachedCollection, sendFrom } from './testing/tenant.fixture.js';
import { until } from './testing/chain-owner.fixture.js';

// Issue #28 item 2: claim links are secrets. (1) The harvest attack as reported (an anonymous tree walk
// of 1–3 character prefixes over GET /json/search) finds no id; the owner still finds their own by
// prefix; the search is limited per client. (2) A buyer's emailed WooCommerce claim link, once claimed
// for the buyer's wallet, is refused to any other wallet with a clear message, and the token stays the
// buyer's on chain. Real anvil, real PostgreSQL, a real SMTP server, the product API only.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The per-client budget (SCAN_RATE_LIMIT_PER_MINUTE, which search shares with lookups). */
const SEARCH_LIMIT = 100;
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-claim-links-'));
const inbox: string[] = [];
let smtp: SMTPServer;
let anvil: Anvil;
let stack: TestStack;
let owner: Client;
let collection: Address;
let nftId = 0;
let shopToken = '';
let shopSecret = '';
/** Every link the owner has (made through the API before the walk). */
let ownerLinks: { id: string; uid: string }[] = [];

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  anvil = await startAnvil();
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_ADDRESS,
  });
  stack = await startTestStack({
    env: {
      RPC_URL_GANACHE: anvil.rpcUrl,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
      PUBLIC_URL: 'https://claims-test.metatag.example',
      SCAN_RATE_LIMIT_PER_MINUTE: String(SEARCH_LIMIT),
    },
  });
  const boss = await superAdmin(stack.url);
  const admin = await newAdmin(stack.url, boss);
  owner = admin.client;
  const own = await attachedCollection(anvil.rpcUrl, owner, admin.id);
  collection = own.address;
  // the relayer signs the mint vouchers: it is the collection's minter
  await sendFrom(anvil.rpcUrl, own.ownerKey, {
    to: collection,
    data: encodeFunctionData({
      abi: collectionAbi,
      functionName: 'setMinter',
      args: [RELAYER_ADDRESS as Address],
    }),
  });
  const created = await owner.call('POST', '/json/ganache/nft', { collectionAddress: collection });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  nftId = (created.body.item as { id: number }).id;
  const put = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { woocomerce_item_id: '93' });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const shop = (await owner.call('GET', '/woo_commmerce_access_token')).body;
  shopToken = shop.value as string;
  shopSecret = shop.secret as string;
  const batch = await owner.call('POST', `/json/qrlink/link/${nftId}?batch=40`, {});
  assert.equal(batch.status, 201, JSON.stringify(batch.body));
  ownerLinks = batch.body.items as { id: string; uid: string }[];
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A search from client address `ip` (the gateway trusts X-Forwarded-For from loopback, as behind a proxy). */
const search = (as: Client, q: string, ip = '198.51.100.1') =>
  as.call('GET', `/json/search?q=${encodeURIComponent(q)}`, undefined, { 'x-forwarded-for': ip });
const linkIdsIn = (reply: SearchReply) =>
  reply.groups.flatMap((g) => g.hits.map((h) => h.path)).filter((p) => p.startsWith('/link/'));

test('the harvest: an anonymous walk of every 1–2 character prefix and each link’s 1–3 character prefixes finds 0 ids', async () => {
  const anonymous = new Client(stack.url);
  const prefixes = new Set<string>();
  for (const a of ALPHABET) {
    prefixes.add(a);
    for (const b of ALPHABET) prefixes.add(a + b);
  }
  // the attacker's best case: the 3-character prefixes that really begin some id or uid
  for (const link of ownerLinks) for (const name of [link.id, link.uid]) prefixes.add(name.slice(0, 3));
  const found = new Set<string>();
  const statuses = new Map<number, number>();
  // a botnet: every prefix from another address, so the per-client limit does not stop the walk, and
  // four searches in flight at once (one after the other, its ~4,000 round trips took 48 s of a CI run;
  // the file went from 24 to 20 s on a quiet machine)
  const queue = [...prefixes];
  let n = 0;
  const walk = async () => {
    for (let q = queue.shift(); q !== undefined; q = queue.shift()) {
      n++;
      const res = await search(anonymous, q, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200)
        for (const path of linkIdsIn(res.body as unknown as SearchReply)) found.add(path);
    }
  };
  await Promise.all(Array.from({ length: 4 }, walk));
  console.log(
    `# harvest walk: ${prefixes.size} anonymous prefix searches over ${ownerLinks.length} links -> ${found.size} link ids found; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  assert.equal(statuses.get(200), prefixes.size, 'every search answered (one per client address)');
  assert.deepEqual([...found], [], 'no link id from a prefix');
  // a link's 56-bit uid is not a public handle either; its whole public id (what the visitor holds) is
  const [link] = ownerLinks;
  assert.deepEqual(linkIdsIn((await search(anonymous, link.uid)).body as unknown as SearchReply), []);
  assert.deepEqual(
    linkIdsIn((await search(anonymous, link.id.toLowerCase())).body as unknown as SearchReply),
    [],
  );
  assert.deepEqual(linkIdsIn((await search(anonymous, link.id)).body as unknown as SearchReply), [
    `/link/${link.id}`,
  ]);

  // the owner still finds their own links by prefix and by uid
  const mine = linkIdsIn((await search(owner, link.id.slice(0, 4))).body as unknown as SearchReply);
  assert.ok(mine.includes(`/link/${link.id}`), JSON.stringify(mine));
  assert.deepEqual(linkIdsIn((await search(owner, link.uid)).body as unknown as SearchReply), [
    `/link/${link.id}`,
  ]);

  // and the walk itself is limited per client: the budget ends in 429s with a clear message
  let last: { status: number; body: Record<string, unknown> } | undefined;
  let answered = 0;
  for (let i = 0; i <= SEARCH_LIMIT && last?.status !== 429; i++) {
    last = await search(anonymous, `zz${i}`, '203.0.113.7');
    if (last.status === 200) answered++;
  }
  assert.equal(last?.status, 429);
  assert.ok(answered <= SEARCH_LIMIT, `${answered} searches answered before the 429`);
  assert.equal(last?.body.errorMessage, 'Too many searches. Try again in a minute');
  // the signed-in owner has their own budget, even from that address
  assert.equal((await search(owner, link.id.slice(0, 4), '203.0.113.7')).status, 200);
});

/** WooCommerce's order shape, trimmed (as in woocommerce-webhook.int-spec). */
function order(id: number, status = 'processing', quantity = 1) {
  return {
    id,
    number: String(id),
    order_key: `wc_order_${id}abc`,
    status,
    currency: 'EUR',
    total: '29.00',
    billing: { first_name: 'Bea', last_name: 'Buyer', email: 'bea.buyer@example.org' },
    line_items: [{ id: 1, name: 'Golden Ticket', product_id: 93, variation_id: 0, quantity, total: '29.00' }],
  };
}

async function deliverOrder(id: number, status = 'processing', quantity = 1): Promise<void> {
  const body = JSON.stringify(order(id, status, quantity));
  const mac = spawnSync('openssl', ['dgst', '-sha256', '-hmac', shopSecret, '-binary'], { input: body });
  const res = await fetch(`${stack.url}/woocommerce-webhook?access_token=${encodeURIComponent(shopToken)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': status === 'processing' ? 'order.created' : 'order.updated',
      'x-wc-webhook-signature': mac.stdout.toString('base64'),
    },
    body,
  });
  assert.equal(res.status, 200, await res.text());
}

/** The claim link ids of the newest mail (quoted-printable undone). */
function mailedLinkIds(): string[] {
  const text = inbox
    .at(-1)!
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const ids = [...text.matchAll(/https:\/\/claims-test\.metatag\.example\/link\/([0-9A-Za-z]{14})/g)].map(
    (m) => m[1],
  );
  return [...new Set(ids)];
}

const wallet = () => {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAccount(key).address.toLowerCase() as Address };
};

async function fund(address: string) {
  await anvil.rpc('anvil_setBalance', [address, '0x8ac7230489e80000']);
}

test("an emailed claim link, once claimed for the buyer's wallet, is refused to any other wallet", async () => {
  const before = inbox.length;
  await deliverOrder(9101);
  // the email follows the webhook's reply (the shop mailer's step, decision 112)
  await until(
    async () => inbox.length,
    (n) => n === before + 1,
    'the buyer got an email',
    15_000,
  );
  const text = inbox
    .at(-1)!
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /https:\/\/claims-test\.metatag\.example\/link\/([0-9A-Za-z]{14})/.exec(text);
  assert.ok(match, 'the email carries the claim link');
  const linkId = match[1];
  const anonymous = new Client(stack.url);
  const mintData = (to: string) => anonymous.call('GET', `/json/get-mint-data/${linkId}?to=${to}`);

  const buyer = wallet();
  const thief = wallet();
  await fund(buyer.address);
  const voucher = await mintData(buyer.address);
  assert.equal(voucher.body.ok, true, JSON.stringify(voucher.body));
  // asked again by the same wallet (a reload): still that wallet's
  assert.equal((await mintData(buyer.address)).body.ok, true);
  // the thief who got hold of the link, before and after the buyer's mint is mined
  const early = await mintData(thief.address);
  assert.deepEqual([early.status, early.body.errorMessage], [409, LINK_CLAIMED_BY_ANOTHER]);
  const { hash } = await sendFrom(anvil.rpcUrl, buyer.key, {
    to: collection,
    data: voucher.body.data as string,
  });
  assert.match(hash, /^0x/);
  const tokenId = BigInt(voucher.body.tokenid as string);
  const holder = await anvil.client.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'ownerOf',
    args: [tokenId],
  });
  assert.equal(holder.toLowerCase(), buyer.address);
  const late = await mintData(thief.address);
  assert.deepEqual([late.status, late.body.errorMessage], [409, LINK_CLAIMED_BY_ANOTHER]);
});

test('six wallets racing for one fresh link: exactly one gets a voucher, the other the clear refusal', async () => {
  const made = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const link = made.body.item as { id: string };
  const anonymous = new Client(stack.url);
  const wallets = Array.from({ length: 6 }, wallet);
  const replies = await Promise.all(
    wallets.map((w) => anonymous.call('GET', `/json/get-mint-data/${link.id}?to=${w.address}`)),
  );
  const ok = replies.filter((r) => r.body.ok === true);
  const refused = replies.filter((r) => r.status === 409 && r.body.errorMessage === LINK_CLAIMED_BY_ANOTHER);
  assert.deepEqual(
    [ok.length, refused.length],
    [1, wallets.length - 1],
    JSON.stringify(replies.map((r) => r.body)),
  );
});

/**
 * A link made before decision 107 (its uid was 7 random bytes, a chip UID's shape): made through the
 * API, then its uid written back to 56 bits where chiplinks keeps it (the row and its public name), as
 * a database from before the change holds it. No route makes such a link any more.
 */
async function legacyLink(): Promise<{ id: string; uid: string }> {
  const made = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = (made.body.item as { id: string }).id;
  const uid = randomBytes(7).toString('hex').toUpperCase();
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('update chiplinks.chiplinks set uid = $2 where id = $1', [id, uid]);
    await db.query("update chiplinks.public_names set name = $2 where chiplink_id = $1 and kind = 'uid'", [
      id,
      uid,
    ]);
  } finally {
    await db.end();
  }
  return { id, uid };
}

test('a link mints by a handle of ≥ 80 bits: its public id or its 96-bit uid, never a 56-bit uid (#28 item 2)', async () => {
  const anonymous = new Client(stack.url);
  const cannot = { ok: false, errorMessage: 'cannot mint' };
  const mintData = (name: string, to: string) =>
    anonymous.call('GET', `/json/get-mint-data/${name}?to=${to}`);

  // a new link's uid (what the spec's mint flow mints by) carries 96 bits and mints, in any case
  const made = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const fresh = made.body.item as { id: string; uid: string };
  assert.match(fresh.uid, /^[0-9A-F]{24}$/);
  const buyer = wallet().address;
  const byUid = await mintData(fresh.uid.toLowerCase(), buyer);
  assert.equal(byUid.body.ok, true, JSON.stringify(byUid.body));
  assert.equal((await mintData(fresh.id, buyer)).body.ok, true, 'the same link by its id, same wallet');

  // an older link's 56-bit uid names it but mints, claims and emails nothing; nor does it bind the link
  const legacy = await legacyLink();
  const thief = wallet().address;
  for (const name of [legacy.uid, legacy.uid.toLowerCase()]) {
    const refused = await mintData(name, thief);
    assert.deepEqual([refused.status, refused.body], [200, cannot], `get-mint-data by uid ${name}`);
    const gasless = await anonymous.call('POST', `/json/claim-gasless/${name}`, { to: thief });
    assert.deepEqual(gasless.body, cannot, `claim-gasless by uid ${name}`);
    const email = await anonymous.call('POST', `/json/email-claim/${name}`, { email: 'thief@example.com' });
    assert.deepEqual(email.body, cannot, `email claim by uid ${name}`);
  }
  assert.equal(
    inbox.some((m) => m.includes('thief@example.com')),
    false,
    'no email claim was mailed',
  );
  // by its whole public id the link still mints, for a wallet of the buyer's choosing (no one bound it)
  const byId = await mintData(legacy.id, buyer);
  assert.equal(byId.body.ok, true, JSON.stringify(byId.body));
});

test("a shop order's claim link is bound to the order: claimed by email only at the order's address, withdrawn when the order is refunded (#28 item 2)", async () => {
  const anonymous = new Client(stack.url);
  const cannot = { ok: false, errorMessage: 'cannot mint' };
  // an order of two units: two links, mailed to the order's billing email
  const mails = inbox.length;
  await deliverOrder(9301, 'processing', 2);
  await until(
    async () => inbox.length,
    (n) => n === mails + 1,
    'the buyer got an email',
    15_000,
  );
  const [kept, spare] = mailedLinkIds();
  assert.ok(kept && spare && kept !== spare, 'two claim links in the email');

  // someone who got hold of the email cannot have the link held for their own address…
  const stolen = await anonymous.call('POST', `/json/email-claim/${spare}`, { email: 'thief@example.com' });
  assert.deepEqual([stolen.status, stolen.body.errorMessage], [409, ORDER_EMAIL_ONLY]);
  assert.equal(
    inbox.some((m) => m.includes('thief@example.com')),
    false,
    'nothing was mailed to the thief',
  );
  // …while the buyer, at the order's address (in any case), can claim it by email
  const own = await anonymous.call('POST', `/json/email-claim/${spare}`, { email: ' Bea.Buyer@Example.org' });
  assert.equal(own.body.ok, true, JSON.stringify(own.body));
  // a link made from the links API belongs to no order: any address may claim it by email
  const plain = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  const free = await anonymous.call('POST', `/json/email-claim/${(plain.body.item as { id: string }).id}`, {
    email: 'anyone@example.com',
  });
  assert.equal(free.body.ok, true, JSON.stringify(free.body));

  // the buyer claims one link with a wallet; then the shop refunds the order
  const buyer = wallet().address;
  const voucher = await anonymous.call('GET', `/json/get-mint-data/${kept}?to=${buyer}`);
  assert.equal(voucher.body.ok, true, JSON.stringify(voucher.body));
  await deliverOrder(9301, 'refunded', 2);
  // the unclaimed link is withdrawn: no voucher for anyone, and the owner's log says so
  const after = await anonymous.call('GET', `/json/get-mint-data/${spare}?to=${wallet().address}`);
  assert.deepEqual(after.body, cannot);
  const log = await owner.call('GET', '/json/shop/deliveries');
  const entry = (log.body.items as { orderId: string; detail: string }[]).find((d) => d.orderId === '9301');
  assert.match(entry?.detail ?? '', /status refunded: 1 unclaimed link\(s\) of this order withdrawn/);
  // the claimed one stays its claimer's (its voucher may be out, its token on chain)
  const again = await anonymous.call('GET', `/json/get-mint-data/${kept}?to=${buyer}`);
  assert.equal(again.body.ok, true, JSON.stringify(again.body));
});
