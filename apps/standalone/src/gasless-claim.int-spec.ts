import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parseEther, type Address, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import type { LedgerEntry } from '@metatag/events';
import { credit } from './testing/sign-in.fixture.js';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  RELAYER_ADDRESS as RELAYER,
  startChainOwnerStack,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// Issue #29 item 1: a free template whose owner pays the gas. After a verified tap the relayer mints
// the chip's token to a visitor who holds 0 ETH, metered from the owner's relayer balance like a manual
// mint (reserved before queueing, settled from the receipt, 402 at zero); one claim per tap. Real
// anvil, real PostgreSQL, the relayer's own minter key.
const SCAN_HEADER = 'x-metatag-scan-token';
const CANNOT = { ok: false, errorMessage: 'cannot mint' };

let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let stack: TestStack;
let chain: PublicClient;
let collection: Address;
let boss: Client;
let owner: Client;
let ownerId: number;
const anonymous = () => new Client(stack.url);
/** A visitor's address that never held ETH. */
const emptyWallet = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

before(async () => {
  fixture = await startChainOwnerStack({
    name: 'Gasless',
    symbol: 'GSL',
    env: { TX_RECEIPT_POLL_MS: '100', MINT_INDEX_LAG_MS: '300' },
  });
  ({ secrets, stack, chain, collection, boss, owner, ownerId } = fixture);
});
after(async () => {
  await fixture?.stop();
});

async function gaslessTemplate(extra: Record<string, unknown> = {}): Promise<number> {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  for (const [field, value] of Object.entries({ gasPaidBy: 'owner', ...extra })) {
    const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { [field]: value });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  return nftId;
}

const tap = async (id: string, chip: SimulatedChip) => {
  const res = await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  return res.body.scanToken as string;
};

const claim = (id: string, to: string, scanToken?: string) =>
  anonymous().call(
    'POST',
    `/json/claim-gasless/${id}`,
    { to },
    scanToken ? { [SCAN_HEADER]: scanToken } : {},
  );

const ownerOf = async (tokenId: string) => {
  try {
    return (
      await chain.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [BigInt(tokenId)],
      })
    ).toLowerCase();
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

const ledger = async () =>
  (await owner.call('GET', '/json/ledger?limit=500')).body as {
    item: string;
    held: string;
    items: LedgerEntry[];
  };
const relayerNonce = () => chain.getTransactionCount({ address: RELAYER });

test('at an owner balance of zero the claim is refused with 402 and the spec text, before anything is sent', async () => {
  const nftId = await gaslessTemplate();
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const lookup = await anonymous().call('GET', `/json/nft-by-chiplink/${id}?type=chip`);
  assert.equal((lookup.body.nft as { gasPaidBy: string }).gasPaidBy, 'owner', 'the page learns who pays');
  const tokenToMint = (lookup.body.chiplink as { tokenToMint: string }).tokenToMint;
  const nonce = await relayerNonce();
  const refused = await claim(id, emptyWallet(), await tap(id, chip));
  assert.equal(refused.status, 402, JSON.stringify(refused.body));
  // the visitor learns nothing of the owner's balance: the spec's 'cannot mint' (the page shows its
  // chip or link failure text)
  assert.equal(refused.body.errorMessage, 'cannot mint');
  assert.doesNotMatch(JSON.stringify(refused.body), /balance/i);
  assert.equal(await relayerNonce(), nonce, 'the relayer sent nothing');
  assert.equal(await ownerOf(tokenToMint), null);
  assert.deepEqual((await owner.call('GET', `/json/ganache/mints/${nftId}`)).body.items, []);
  const { item, held } = await ledger();
  assert.deepEqual({ item, held }, { item: '0', held: '0' });
});

test('a visitor with 0 ETH claims: the relayer mints the chip’s token, paid from the owner’s balance, once per tap', async () => {
  await credit(boss, ownerId, parseEther('0.05'));
  const nftId = await gaslessTemplate();
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const visitor = emptyWallet();
  const scanToken = await tap(id, chip);
  const before = BigInt((await ledger()).item);

  const res = await claim(id, visitor, scanToken);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  const tokenId = res.body.tokenid as string;
  assert.deepEqual(res.body.nft, { collection: collection.toLowerCase(), chain: 'ganache' });
  // the same tap asked again answers the same record: no second mint
  const again = await claim(id, visitor, scanToken);
  assert.equal(again.body.ok, true, JSON.stringify(again.body));
  assert.equal(again.body.tokenid, tokenId);
  assert.ok(again.body.mintId === res.body.mintId || again.body.mintId === '', JSON.stringify(again.body));
  // ...and never for another address
  assert.deepEqual((await claim(id, emptyWallet(), scanToken)).body, CANNOT);

  await until('the token on chain', async () => ((await ownerOf(tokenId)) === visitor ? true : undefined));
  assert.equal(await chain.getBalance({ address: visitor as Address }), 0n, 'the visitor never held ETH');
  // metered like a manual mint: reserved, then settled at the receipt's real fee, nothing held after
  const settled = await until('the settlement', async () => {
    const l = await ledger();
    return l.held === '0' && l.items.some((e) => e.kind === 'settlement') ? l : undefined;
  });
  const settlement = settled.items.find((e) => e.kind === 'settlement')!;
  const receipt = await chain.getTransactionReceipt({ hash: settlement.txHash as Hex });
  assert.equal(-BigInt(settlement.amount), receipt.gasUsed * receipt.effectiveGasPrice);
  assert.equal(BigInt(settled.item), before - receipt.gasUsed * receipt.effectiveGasPrice);
  assert.ok(
    settled.items.some((e) => e.kind === 'reservation'),
    'reserved before it was queued',
  );
  // the mints list reads the mint ledger (#30): the indexer sees the Transfer within its lag
  const mints = await until('the mint in the list', async () => {
    const items = (await owner.call('GET', `/json/ganache/mints/${nftId}`)).body.items as {
      tokenId: string;
    }[];
    return items.length > 0 ? items : undefined;
  });
  assert.deepEqual(
    mints.map((m) => m.tokenId),
    [tokenId],
  );
  // the page shows the owner; one NFT per chip: a new tap cannot mint again (nor cost the owner)
  const state = await anonymous().call('GET', `/json/chiplink-token/${id}?type=chip`);
  assert.equal(state.body.owner, visitor);
  const nonce = await relayerNonce();
  assert.deepEqual((await claim(id, emptyWallet(), await tap(id, chip))).body, CANNOT);
  const same = await claim(id, visitor, await tap(id, chip));
  assert.equal(same.body.ok, true, 'asking again for the owner answers the claim done');
  assert.equal(await relayerNonce(), nonce, 'no second mint');
});

test('no proof, another payer or a price: no gasless claim', async () => {
  await credit(boss, ownerId, parseEther('0.05'));
  const nftId = await gaslessTemplate();
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const nonce = await relayerNonce();
  assert.deepEqual((await claim(id, emptyWallet())).body, CANNOT, 'a chip needs a tap');
  assert.deepEqual((await claim(id, emptyWallet(), 'not-a-token')).body, CANNOT);
  const visitorPays = await newTemplate(owner, collection.toLowerCase());
  const chip2 = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id2 = await provisionChip(owner, visitorPays, chip2);
  assert.deepEqual((await claim(id2, emptyWallet(), await tap(id2, chip2))).body, CANNOT, 'the visitor pays');
  const paid = await gaslessTemplate({ price: '0.01', payoutAddress: emptyWallet() });
  const chip3 = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id3 = await provisionChip(owner, paid, chip3);
  assert.deepEqual(
    (await claim(id3, emptyWallet(), await tap(id3, chip3))).body,
    CANNOT,
    "a paid template keeps the buyer's payment in the buyer's transaction",
  );
  // a link is proof enough, for its one token only: a multi-mint link would be a tap-less tap
  const multi = await gaslessTemplate({ isMultiMintEnabledlink: true });
  const link = (await owner.call('POST', `/json/qrlink/link/${multi}`, {})).body.item as { id: string };
  assert.deepEqual((await claim(link.id, emptyWallet())).body, CANNOT);
  assert.equal((await claim('bad id!', emptyWallet())).body.ok, false);
  assert.equal((await claim(id, 'nope')).status, 400, 'an invalid address');
  assert.equal(await relayerNonce(), nonce, 'nothing was sent');
});

test('a link of a gasless template mints its one token to the visitor', async () => {
  await credit(boss, ownerId, parseEther('0.05'));
  const nftId = await gaslessTemplate();
  const link = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as {
    id: string;
    tokenToMint: string;
  };
  const visitor = emptyWallet();
  const res = await claim(link.id, visitor);
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  assert.equal(res.body.tokenid, link.tokenToMint);
  await until('the token on chain', async () =>
    (await ownerOf(link.tokenToMint)) === visitor ? true : undefined,
  );
  assert.deepEqual((await claim(link.id, emptyWallet())).body, CANNOT, 'one NFT per link');
});
