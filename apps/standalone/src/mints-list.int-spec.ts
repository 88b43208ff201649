import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeFunctionData,
  parseAbiItem,
  parseEther,
  zeroAddress,
  type Address,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import {
  MINTS_CSV_HEADER,
  type MintsOverviewReply as MintsOverview,
  type MintsReply,
  type ScanAnalytics as ScanAnalyticsReply,
} from '@metatag/api-types';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newAdmin, newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  DEPLOYER_KEY,
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// The mints list from the mint ledger (#30 item 1) on a real anvil with the chain indexer: a chip mint
// and a link mint (vouchers a visitor's wallet sends), a manual mint (the relayer), a limited father
// (relayer, mintWithLimit) and its children (the father owner's wallet) all appear with their source,
// and the list equals the chain's Transfer logs from the zero address.
const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
);

let fixture: ChainOwnerStack;
let stack: TestStack;
let chain: PublicClient;
let collection: Address;
let owner: Client;
let boss: Client;
const anonymous = () => new Client(stack.url);

/** A visitor's wallet: sends a voucher's call and value to the collection, returns the tx hash. */
function wallet(key: `0x${string}`) {
  const w = fixture.wallet(key);
  return {
    address: w.address,
    async send(data: string, value = '0') {
      const receipt = await w.send({ data: data as `0x${string}`, value: BigInt(value) });
      assert.equal(receipt.status, 'success');
      return receipt.transactionHash;
    },
  };
}

const list = async (nftId: number, query = '') => {
  const res = await owner.call('GET', `/json/ganache/mints/${nftId}${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as unknown as MintsReply;
};

before(async () => {
  // manual mints are paid from the relayer balance
  fixture = await startChainOwnerStack({
    name: 'Mints',
    symbol: 'MNT',
    credit: parseEther('1'),
    env: { TX_RECEIPT_POLL_MS: '100' },
  });
  ({ stack, chain, collection, owner, boss } = fixture);
});
after(async () => {
  await fixture?.stop();
});

test('chip, link, manual, father and children: every mint is listed with its source and equals the Transfer logs', async () => {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const [alice, bob] = VISITOR_KEYS.map(wallet);

  // a chip: a tap, its scan token, the voucher sent by Alice's wallet
  const chip = new SimulatedChip(fixture.secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(owner, nftId, chip);
  const scan = await anonymous().call('POST', '/json/check-tag', { tag: chipId, auth: chip.tap() });
  const chipData = await anonymous().call(
    'GET',
    `/json/get-mint-data/${chipId}?to=${alice.address}&authtoken=${scan.body.scanToken as string}`,
  );
  assert.equal(chipData.body.ok, true, JSON.stringify(chipData.body));
  const chipTx = await alice.send(chipData.body.data as string, chipData.body.value as string);

  // a link: the voucher sent by Bob's wallet
  const link = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { uid: string };
  const linkData = await anonymous().call('GET', `/json/get-mint-data/${link.uid}?to=${bob.address}`);
  assert.equal(linkData.body.ok, true, JSON.stringify(linkData.body));
  const linkTx = await bob.send(linkData.body.data as string, linkData.body.value as string);

  // a manual mint: the relayer sends it
  const manualTo = privateKeyToAccount(DEPLOYER_KEY).address.toLowerCase();
  const manual = await owner.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${manualTo}&collection=${collection.toLowerCase()}`,
  );
  assert.equal(manual.status, 201, JSON.stringify(manual.body));

  // a limited father with a child limit of 5 (the relayer's mintWithLimit) to Alice, who mints 2 children
  const created = await owner.call(
    'POST',
    `/json/ganache/limited/create?title=Father&limit=5&collection=${collection.toLowerCase()}&to=${alice.address}`,
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const fatherNft = Number(created.body.nftId);
  const father = BigInt(created.body.tokenId as string);
  await until(
    async () =>
      (await chain.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'limitPerUid',
        args: [father],
      })) as bigint,
    (limit) => limit === 5n,
    'the father on chain',
  );
  await alice.send(
    encodeFunctionData({ abi: collectionAbi, functionName: 'mintChildBatch', args: [father, 2n] }),
  );

  const mints = await until(
    () => list(nftId),
    (r) => r.total === 3 && r.pending === 0,
    'three mints in the ledger',
  );
  const bySource = Object.fromEntries(mints.items.map((m) => [m.source, m]));
  assert.deepEqual(Object.keys(bySource).sort(), ['chip', 'link', 'manual']);
  assert.equal(bySource.chip.tx, chipTx);
  assert.equal(bySource.chip.to, alice.address);
  assert.equal(bySource.chip.sender, 'wallet');
  assert.equal(bySource.link.tx, linkTx);
  assert.equal(bySource.link.owner, bob.address, 'the current owner from the index');
  assert.equal(bySource.manual.sender, 'relayer');
  assert.equal(bySource.manual.to, manualTo);
  assert.deepEqual(mints.bySource, { chip: 1, link: 1, manual: 1, child: 0, other: 0 });
  for (const m of mints.items) {
    assert.equal(m.status, 'confirmed');
    assert.ok(!Number.isNaN(Date.parse(m.created)), 'block time');
    assert.match(String(m.block), /^\d+$/);
  }

  const family = await until(
    () => list(fatherNft),
    (r) => r.total === 3,
    'the father and its children',
  );
  assert.deepEqual(family.bySource, { chip: 0, link: 0, manual: 1, child: 2, other: 0 });
  assert.ok(family.items.filter((m) => m.source === 'child').every((m) => m.to === alice.address));

  // the list equals the chain: every Transfer from the zero address of the collection, once
  const logs = await chain.getLogs({
    address: collection,
    event: TRANSFER,
    args: { from: zeroAddress },
    fromBlock: 0n,
  });
  const chainMints = logs
    .map((l) => `${l.args.tokenId!.toString()}:${l.transactionHash}:${l.args.to!.toLowerCase()}`)
    .sort();
  const listed = [...mints.items, ...family.items].map((m) => `${m.tokenId}:${m.tx}:${m.to}`).sort();
  assert.deepEqual(listed, chainMints);

  // the owner overview (#30 items 1 and 3) counts from the same ledger, over all the owner's templates:
  // today's mints (chip, link, manual, father and children alike) = the mints lists' totals = the chain
  const overview = (await owner.call('GET', '/json/ganache/mints-overview')).body as unknown as MintsOverview;
  const today = new Date().toISOString().slice(0, 10);
  assert.equal(overview.perDay.length, 7);
  assert.equal(overview.perDay.at(-1)?.day, today);
  assert.equal(overview.perDay.at(-1)?.mints, logs.length, "today's mints are the chain's Transfer logs");
  assert.ok((overview.perDay.at(-1)?.scans ?? 0) >= 1, "today's scans: the chip's tap");
  assert.equal(overview.total, mints.total + family.total, 'in all = the mints lists together');
  assert.equal(overview.total, logs.length);
  assert.deepEqual(overview.bySource, { chip: 1, link: 1, manual: 2, child: 2, other: 0 });
  assert.deepEqual(overview.byCollection, [{ collection: collection.toLowerCase(), mints: logs.length }]);
  assert.equal(overview.recent.length, 5, 'the latest five');
  assert.equal(overview.recent[0]?.source, 'child', 'newest first: the children came last');
  assert.equal(overview.recent[0]?.nftId, fatherNft);
  // the analytics pages (#30): their "Mints" are the same ledger's — the template's = its mints list =
  // its Transfer logs (chip, link and manual alike), the father's counts its children, the collection's all
  const analytics = async (path: string) => {
    const res = await owner.call('GET', `/json/analytics/${path}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as unknown as ScanAnalyticsReply;
  };
  const templateTxs = new Set([chipTx, linkTx, bySource.manual.tx]);
  const ofTemplate = await analytics(`template/${nftId}`);
  assert.equal(ofTemplate.totals.mints, mints.total, 'analytics mints = the mints list');
  assert.equal(ofTemplate.totals.mints, logs.filter((l) => templateTxs.has(l.transactionHash)).length);
  assert.equal(ofTemplate.perDay.at(-1)?.day, today);
  assert.equal(ofTemplate.perDay.at(-1)?.mints, 3, "today's mints in the chart");
  assert.equal((await analytics(`template/${fatherNft}`)).totals.mints, family.total);
  const ofCollection = await analytics(`collection/ganache/${collection.toLowerCase()}`);
  assert.equal(ofCollection.totals.mints, logs.length, 'the collection: every Transfer from zero');
  assert.equal(
    ofCollection.perDay.reduce((sum, d) => sum + d.mints, 0),
    ofCollection.totals.mints,
    'the chart adds up to the total',
  );
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  assert.equal((await analytics(`template/${nftId}?from=${yesterday}&to=${yesterday}`)).totals.mints, 0);
  // another owner's overview has none of it (and the route is theirs only)
  const other = (await newAdmin(stack.url, boss)).client;
  const theirs = (await other.call('GET', '/json/ganache/mints-overview')).body as unknown as MintsOverview;
  assert.deepEqual([theirs.total, theirs.recent, theirs.byCollection], [0, [], []]);
  assert.equal((await anonymous().call('GET', '/json/ganache/mints-overview')).status, 401);

  // counts from the same ledger: the template's mints, the father's children under its child limit
  const templates = (await owner.call('GET', '/json/ganache/nfts')).body.items as {
    id: number;
    mints: number;
    limit: number;
    childLimit?: number;
    children?: number;
  }[];
  const row = templates.find((t) => t.id === nftId)!;
  assert.equal(row.mints, 3);
  assert.equal(row.childLimit, undefined);
  const fatherRow = await until(
    async () => (await owner.call('GET', '/json/ganache/nfts')).body.items as typeof templates,
    (items) => items.find((t) => t.id === fatherNft)?.children === 2,
    'the father template counts its children',
  );
  const fatherTemplate = fatherRow.find((t) => t.id === fatherNft)!;
  assert.deepEqual(
    [fatherTemplate.mints, fatherTemplate.childLimit, fatherTemplate.children],
    [1, 5, 2],
    'the father template shows 2 of its child limit 5, not 3 / 1',
  );

  // filtered by source, paged
  const links = await list(nftId, '?source=link');
  assert.deepEqual([links.total, links.items.length, links.items[0]?.tx], [1, 1, linkTx]);
  const second = await list(nftId, '?page=2&pageSize=2');
  assert.deepEqual([second.total, second.items.length], [3, 1]);
  assert.equal(second.items[0]?.tx, mints.items[2]?.tx, 'page 2 continues page 1, newest first');
  const bad = await owner.call('GET', `/json/ganache/mints/${nftId}?source=airdrop`);
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
  const tooBig = await owner.call('GET', `/json/ganache/mints/${nftId}?pageSize=100000`);
  assert.equal(tooBig.status, 400);

  // CSV: the same rows
  const csv = await fetch(`${stack.url}/json/ganache/mints/${nftId}/mints.csv`, {
    headers: { cookie: owner.cookie ?? '' },
  });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-disposition') ?? '', /filename="mints.csv"/);
  const lines = (await csv.text()).trimEnd().split('\r\n');
  assert.equal(lines[0], MINTS_CSV_HEADER.join(','));
  assert.equal(lines.length, 4);
  for (const m of mints.items) assert.ok(lines.some((l) => l.includes(m.tx!) && l.includes(`,${m.source},`)));

  // someone else's template: the template's 404, in the list and the CSV
  const stranger = (await newAdmin(stack.url, boss)).client;
  assert.equal((await stranger.call('GET', `/json/ganache/mints/${nftId}`)).status, 404);
  assert.equal((await stranger.call('GET', `/json/ganache/mints/${nftId}/mints.csv`)).status, 404);
});
