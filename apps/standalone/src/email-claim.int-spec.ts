import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { parseEther, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import { MetaTag, MetaTagApiError } from '@metatag/sdk';
import { ManualClock } from '@metatag/nest-kit';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import { startChainOwnerStack, type ChainOwnerStack } from './testing/chain-owner.fixture.js';

// Issue #29 item 3: a visitor gives an email address instead of a wallet. After a verified tap the
// chip's claim is held for that email; the one-time link (a real SMTP server here) claims the token into
// any address: gasless when the owner pays gas, a voucher otherwise. Real anvil, real PostgreSQL, the
// relayer's own key, an injected clock for the expiry.
const SCAN_HEADER = 'x-metatag-scan-token';
const ORIGIN = 'https://email-test.metatag.example';
const TTL_MIN = 20;
const HOLD_TEXT = 'This claim is reserved for an email address for now. Try again later.';
const INVALID_LINK = 'This email link has expired or was already used.';

const clock = new ManualClock(new Date());
const inbox: { to: string; text: string }[] = [];
let smtp: SMTPServer;
let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let stack: TestStack;
let chain: PublicClient;
let collection: Address;
let owner: Client;
const anonymous = () => new Client(stack.url);
const emptyWallet = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // quoted-printable soft breaks and '=' escapes, as a mail client would undo them
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  fixture = await startChainOwnerStack({
    name: 'Emailed',
    symbol: 'EML',
    clock,
    credit: parseEther('0.05'),
    env: {
      TX_RECEIPT_POLL_MS: '100',
      MINT_INDEX_LAG_MS: '300',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
      PUBLIC_URL: ORIGIN,
      EMAIL_CLAIM_TTL_MIN: String(TTL_MIN),
      EMAIL_CLAIM_RATE_LIMIT_PER_HOUR: '40',
    },
  });
  ({ secrets, stack, chain, collection, owner } = fixture);
});
after(async () => {
  await fixture?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function template(gasPaidBy: 'owner' | 'visitor'): Promise<number> {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { gasPaidBy });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return nftId;
}

async function chipOf(nftId: number) {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  return { chip, id: await provisionChip(owner, nftId, chip) };
}

const tap = async (id: string, chip: SimulatedChip) => {
  const res = await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  return res.body.scanToken as string;
};

const askByEmail = (id: string, email: string, scanToken?: string) =>
  anonymous().call(
    'POST',
    `/json/email-claim/${id}`,
    { email },
    scanToken ? { [SCAN_HEADER]: scanToken } : {},
  );

/** The one-time token of the newest mail to `email` (the link's fragment). */
function mailedToken(email: string): string {
  const mail = inbox.findLast((m) => m.to === email);
  assert.ok(mail, `a mail to ${email}`);
  const match =
    /https:\/\/email-test\.metatag\.example\/email-claim#([A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43})/.exec(
      mail.text,
    );
  assert.ok(match, 'the mail carries the link at the configured origin');
  return match[1];
}

const useLink = (token: string, to?: string) =>
  anonymous().call('POST', '/json/email-claim-link', to ? { token, to } : { token });

const ownerOf = async (tokenId: string) => {
  try {
    const owner = await chain.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    });
    return owner.toLowerCase();
  } catch {
    return null;
  }
};

const until = async <T>(what: string, read: () => Promise<T | undefined>, ms = 30_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

test('tap → email → link → claim: the token is minted to the given address gaslessly; the claim is held meanwhile, the link works once', async () => {
  const nftId = await template('owner');
  const { chip, id } = await chipOf(nftId);
  const scanToken = await tap(id, chip);

  const bad = await askByEmail(id, 'not-an-address', scanToken);
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
  // no tap, no claim: nothing is held or mailed
  const untapped = await askByEmail(id, 'nobody@example.com');
  assert.deepEqual(untapped.body, { ok: false, errorMessage: 'cannot mint' });

  const mails = inbox.length;
  const asked = await askByEmail(id, 'alice@example.com', scanToken);
  assert.equal(asked.status, 200, JSON.stringify(asked.body));
  assert.equal(asked.body.ok, true);
  assert.equal(inbox.length, mails + 1, 'one mail');
  assert.doesNotMatch(inbox.at(-1)!.text, new RegExp(scanToken.slice(-20)), 'the scan token is not mailed');
  const token = mailedToken('alice@example.com');
  const expiresAt = Date.parse(asked.body.expiresAt as string);
  assert.equal(expiresAt, clock.now().getTime() + TTL_MIN * 60_000);

  // the owner sees it, masked; another owner's tenant does not (tenant-isolation spec)
  const pending = await owner.call('GET', `/json/email-claims/${nftId}`);
  assert.equal(pending.status, 200, JSON.stringify(pending.body));
  assert.deepEqual(pending.body.items, [
    {
      chiplinkId: id,
      email: 'a***@example.com',
      createdAt: clock.now().toISOString(),
      expiresAt: asked.body.expiresAt,
    },
  ]);

  // held: another visitor's fresh tap can neither claim it nor email it to themselves
  const otherTap = await tap(id, chip);
  const stolen = await anonymous().call(
    'POST',
    `/json/claim-gasless/${id}`,
    { to: emptyWallet() },
    { [SCAN_HEADER]: otherTap },
  );
  assert.deepEqual(stolen.body, { ok: false, errorMessage: 'cannot mint' });
  const voucher = await anonymous().call('GET', `/json/get-mint-data/${id}?to=${emptyWallet()}`, undefined, {
    [SCAN_HEADER]: otherTap,
  });
  assert.equal(voucher.body.ok, false);
  assert.deepEqual((await askByEmail(id, 'mallory@example.com', otherTap)).body, {
    ok: false,
    errorMessage: HOLD_TEXT,
  });

  // the link's page: what it claims, without spending it
  const peek = await useLink(token);
  assert.equal(peek.status, 200, JSON.stringify(peek.body));
  assert.deepEqual(
    { ...peek.body, title: undefined },
    {
      ok: true,
      id,
      type: 'chip',
      chain: 'ganache',
      gasPaidBy: 'owner',
      expiresAt: asked.body.expiresAt,
      title: undefined,
    },
  );
  // a forged secret for the same claim reads nothing
  const forged = `${token.slice(0, 17)}${token.at(17) === 'A' ? 'B' : 'A'}${token.slice(18)}`;
  assert.deepEqual((await useLink(forged)).body, { ok: false, errorMessage: INVALID_LINK });

  const to = emptyWallet();
  const claimed = await useLink(token, to);
  assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
  assert.equal(claimed.body.ok, true, JSON.stringify(claimed.body));
  const tokenId = claimed.body.tokenid as string;
  await until('the token on chain', async () => ((await ownerOf(tokenId)) === to ? true : undefined));

  // single use
  const again = await useLink(token, emptyWallet());
  assert.equal(again.status, 410, JSON.stringify(again.body));
  assert.equal(again.body.errorMessage, INVALID_LINK);
  assert.deepEqual((await owner.call('GET', `/json/email-claims/${nftId}`)).body.items, []);
  console.log(`# email claim: token ${tokenId} owned by ${to} (0 ETH), link refused on reuse (410)`);
});

test('expiry releases the hold (injected clock): the link is refused, a fresh tap claims', async () => {
  const nftId = await template('owner');
  const { chip, id } = await chipOf(nftId);
  const asked = await askByEmail(id, 'bob@example.org', await tap(id, chip));
  assert.equal(asked.body.ok, true, JSON.stringify(asked.body));
  const token = mailedToken('bob@example.org');
  assert.deepEqual((await askByEmail(id, 'carol@example.org', await tap(id, chip))).body, {
    ok: false,
    errorMessage: HOLD_TEXT,
  });

  clock.advance(TTL_MIN * 60_000 + 1000);
  assert.deepEqual((await useLink(token)).body, { ok: false, errorMessage: INVALID_LINK });
  assert.equal((await useLink(token, emptyWallet())).status, 410);
  assert.deepEqual((await owner.call('GET', `/json/email-claims/${nftId}`)).body.items, []);
  const to = emptyWallet();
  const res = await anonymous().call(
    'POST',
    `/json/claim-gasless/${id}`,
    { to },
    { [SCAN_HEADER]: await tap(id, chip) },
  );
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
});

test("a visitor-paid template's link: the email link answers a voucher for the visitor's wallet", async () => {
  const nftId = await template('visitor');
  const made = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const linkId = (made.body.item as { id: string }).id;
  // a link is proof enough: no tap
  const asked = await askByEmail(linkId, 'dan@example.net');
  assert.equal(asked.body.ok, true, JSON.stringify(asked.body));
  const token = mailedToken('dan@example.net');
  const peek = await useLink(token);
  assert.equal(peek.body.gasPaidBy, 'visitor');
  assert.equal(peek.body.type, 'link');
  // held: the link's own page cannot take a voucher for another wallet meanwhile
  const other = await anonymous().call('GET', `/json/get-mint-data/${linkId}?to=${emptyWallet()}`);
  assert.equal(other.body.ok, false, JSON.stringify(other.body));
  const to = emptyWallet();
  const voucher = await useLink(token, to);
  assert.equal(voucher.status, 200, JSON.stringify(voucher.body));
  assert.equal(voucher.body.ok, true, JSON.stringify(voucher.body));
  assert.match(voucher.body.data as string, /^0x[0-9a-f]+$/);
  // the voucher bound the link to that wallet: it asks again as usual, others are refused
  assert.equal((await anonymous().call('GET', `/json/get-mint-data/${linkId}?to=${to}`)).body.ok, true);
  assert.equal(
    (await anonymous().call('GET', `/json/get-mint-data/${linkId}?to=${emptyWallet()}`)).status,
    409,
  );
});

/** The newest mail's whole link, as a shop's server would take it from its own mailbox. */
function mailedLink(email: string): string {
  return `${ORIGIN}/email-claim#${mailedToken(email)}`;
}

test("the SDK's email claim (#29 item 5): start after a tap, read the mailed link, complete it into an address", async () => {
  const nftId = await template('owner');
  const { chip, id } = await chipOf(nftId);
  const sdk = new MetaTag({ baseUrl: stack.url, validateReplies: true });

  // a chip without a tap is refused and nothing is mailed
  const mails = inbox.length;
  assert.deepEqual(await sdk.startEmailClaim(id, 'sdk-buyer@example.com'), {
    ok: false,
    errorMessage: 'cannot mint',
  });
  assert.equal(inbox.length, mails);
  await assert.rejects(sdk.startEmailClaim(id, 'not-an-address', await tap(id, chip)), (e: unknown) => {
    assert.ok(e instanceof MetaTagApiError);
    assert.equal(e.status, 400);
    return true;
  });

  const started = await sdk.startEmailClaim(id, 'sdk-buyer@example.com', await tap(id, chip));
  assert.equal(started.ok, true, JSON.stringify(started));
  const link = mailedLink('sdk-buyer@example.com');

  const details = await sdk.emailClaimDetails(link);
  assert.equal(details.ok, true, JSON.stringify(details));
  assert.ok(details.ok);
  assert.deepEqual(
    { id: details.id, type: details.type, chain: details.chain, gasPaidBy: details.gasPaidBy },
    { id, type: 'chip', chain: 'ganache', gasPaidBy: 'owner' },
  );
  const pending = await owner.call('GET', `/json/email-claims/${nftId}`);
  assert.equal((pending.body.items as unknown[]).length, 1, 'the owner sees the pending claim');

  const to = emptyWallet();
  const done = await sdk.completeEmailClaim(link, to.toUpperCase().replace('0X', '0x'));
  assert.equal(done.ok, true, JSON.stringify(done));
  assert.ok(done.ok && 'tokenid' in done);
  const tokenId = done.tokenid as string;
  await until('the token on chain', async () => ((await ownerOf(tokenId)) === to ? true : undefined));

  // the link works once: the SDK throws the route's 410 with its text
  await assert.rejects(sdk.completeEmailClaim(link, emptyWallet()), (e: unknown) => {
    assert.ok(e instanceof MetaTagApiError);
    assert.equal(e.status, 410);
    assert.equal((e.body as { errorMessage?: string }).errorMessage, INVALID_LINK);
    return true;
  });
  console.log(`# SDK email claim: token ${tokenId} owned by ${to}, link refused on reuse (410)`);
});

test('rate limits: 3 email claims per chip per hour (429), then per client IP (429)', async () => {
  // a visitor-paid chip: each link spent into a voucher (nothing sent on chain) releases the chip
  const nftId = await template('visitor');
  const { chip, id } = await chipOf(nftId);
  for (let i = 0; i < 3; i++) {
    const asked = await askByEmail(id, `eve${i}@example.com`, await tap(id, chip));
    assert.equal(asked.body.ok, true, JSON.stringify(asked.body));
    const spent = await useLink(mailedToken(`eve${i}@example.com`), emptyWallet());
    assert.equal(spent.body.ok, true, JSON.stringify(spent.body));
  }
  const mails = inbox.length;
  const fourth = await askByEmail(id, 'eve3@example.com', await tap(id, chip));
  assert.equal(fourth.status, 429, JSON.stringify(fourth.body));
  assert.equal(inbox.length, mails, 'nothing mailed');

  let status = 0;
  let sent = 0;
  while (status !== 429 && sent < 60) {
    status = (await askByEmail('nosuchchip000', 'x@example.com')).status;
    sent++;
  }
  assert.equal(status, 429, 'the client IP is limited');
  console.log(`# email claim rate limits: 4th claim of a chip in an hour 429; IP limited after ${sent} more`);
});
