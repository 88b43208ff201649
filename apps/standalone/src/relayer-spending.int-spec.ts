import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWalletClient, http, parseEther, toHex, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import type { LedgerEntry } from '@metatag/events';
import { DEPLOYER_KEY, RELAYER_ADDRESS, startAnvil, waitFor, type Anvil } from '@metatag/relayer/testing';
import { credit, signInSuperAdmin, signInWallet, type SignedIn } from './testing/sign-in.fixture.js';
import { startTestStack, type Client, type TestStack } from './testing/stack.fixture.js';

// A wallet user who signs up, deploys a collection, hands minting to the relayer and calls
// POST /json/{chain}/mint in a loop: every relayer-paid mint reserves its worst-case fee from the
// user's ledger first, settles the receipt's real fee, and is refused at a balance that cannot cover
// it, above the per-account rate, and beyond the template's limit. Real anvil, real PostgreSQL.
const RATE = 12;
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-spend-'));
let anvil: Anvil;
let stack: TestStack;
let boss: SignedIn;

before(async () => {
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
      TX_RECEIPT_POLL_MS: '100',
      MINT_INDEX_LAG_MS: '300',
      RELAYER_PAID_TX_PER_MINUTE: String(RATE),
    },
  });
  boss = await signInSuperAdmin(stack.url);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const someone = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

async function send(key: Hex, tx: { to?: string; data: string }): Promise<{ hash: Hash; created: Address }> {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address | undefined,
    data: tx.data as Hex,
    gas: tx.to ? undefined : 5_000_000n,
    chain: null,
  });
  const receipt = await anvil.client.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return { hash, created: receipt.contractAddress?.toLowerCase() as Address };
}

/**
 * What anyone can do: sign up with a fresh wallet, deploy a collection from it with the API's data,
 * attach it, send the attach reply's setMinter(relayer), and create a template on it.
 */
async function drainer(limit = 0) {
  const who = await signInWallet(stack.url);
  await anvil.rpc('anvil_setBalance', [who.account.address, toHex(parseEther('10'))]);
  const name = `Drain${Date.now()}`;
  const deploy = await who.client.call('POST', '/deploy-collection', {
    chain: 'ganache',
    name,
    symbol: 'DRN',
    libraryAddress: '',
  });
  const deployed = await send(who.key, (deploy.body as { evm: { data: string } }).evm);
  const attached = await who.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: deployed.created, name, symbol: 'DRN' },
    txHash: deployed.hash,
  });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  await send(who.key, attached.body.setMinter as { to: string; data: string });
  const created = await who.client.call('POST', '/json/ganache/nft', { collectionAddress: deployed.created });
  const nftId = (created.body.item as { id: number }).id;
  if (limit > 0) await who.client.call('PUT', `/json/ganache/nft/${nftId}`, { limit });
  const mint = () =>
    who.client.call(
      'POST',
      `/json/ganache/mint?nftId=${nftId}&to=${someone()}&collection=${deployed.created}`,
    );
  return { who, collection: deployed.created, nftId, mint };
}

const ledgerOf = async (client: Client, query = '') =>
  (await client.call('GET', `/json/ledger?limit=500${query}`)).body as {
    item: string;
    held: string;
    items: LedgerEntry[];
  };

const relayerBalance = () => anvil.client.getBalance({ address: RELAYER_ADDRESS as Address });

/** Waits until no fee is held any more (every mint of the account has ended and settled). */
const settledLedger = (client: Client, settlements: number) =>
  waitFor(
    `${settlements} settlements`,
    async () => {
      const ledger = await ledgerOf(client);
      const count = ledger.items.filter((e) => e.kind === 'settlement').length;
      return ledger.held === '0' && count === settlements ? ledger : undefined;
    },
    60_000,
  );

test('at balance zero a manual mint is refused with 402 before anything is queued or sent', async () => {
  const { who, nftId, mint } = await drainer();
  const nonce = await anvil.client.getTransactionCount({ address: RELAYER_ADDRESS as Address });
  for (let i = 0; i < 3; i++) {
    const refused = await mint();
    assert.equal(refused.status, 402, JSON.stringify(refused.body));
    assert.equal(refused.body.error, 'insufficient_balance');
    assert.match(
      String(refused.body.errorMessage),
      /^Not enough balance for relayer fees: the balance is 0 ETH\. Ask the super admin for credit\.$/,
    );
  }
  assert.deepEqual((await who.client.call('GET', `/json/ganache/mints/${nftId}`)).body.items, []);
  assert.equal(
    await anvil.client.getTransactionCount({ address: RELAYER_ADDRESS as Address }),
    nonce,
    'the relayer sent nothing',
  );
  assert.deepEqual((await who.client.call('GET', '/json/get-balance')).body, { item: '0', held: '0' });
});

test('the ledger is exact: settlements equal the receipts’ gasUsed × effectiveGasPrice, and the relayer’s own spending', async () => {
  const { who, mint } = await drainer();
  const granted = parseEther('0.05');
  await credit(boss.client, who.id, granted);
  const spentBefore = await relayerBalance();
  const N = 5;
  for (let i = 0; i < N; i++) {
    const res = await mint();
    assert.equal(res.status, 201, JSON.stringify(res.body));
  }
  // every mint settled from its receipt = every mint confirmed (the mints list reads the mint
  // ledger since #30, and this stack runs no indexer: the relayer's ledger is the witness here)
  const ledger = await settledLedger(who.client, N);
  const settlements = ledger.items.filter((e) => e.kind === 'settlement');
  let fees = 0n;
  for (const s of settlements) {
    const receipt = await anvil.client.getTransactionReceipt({ hash: s.txHash as Hash });
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    assert.equal(-BigInt(s.amount), fee, 'settled from the receipt');
    assert.equal(s.gasUsed, receipt.gasUsed.toString());
    assert.equal(s.effectiveGasPrice, receipt.effectiveGasPrice.toString());
    fees += fee;
  }
  assert.equal(spentBefore - (await relayerBalance()), fees, 'what the relayer paid is what was charged');
  assert.equal(BigInt(ledger.item), granted - fees, 'balance = credit − fees');
  // the ledger is a running sum: each entry's balance is the previous one plus its amount
  const oldestFirst = [...ledger.items].reverse();
  let running = 0n;
  for (const e of oldestFirst) {
    running += BigInt(e.amount);
    assert.equal(BigInt(e.balance), running, `entry ${e.id}`);
  }
  // every mint reserved its worst case before it was queued, and all of it came back
  const kinds = (kind: string) => oldestFirst.filter((e) => e.kind === kind);
  assert.equal(kinds('reservation').length, N);
  assert.equal(
    kinds('reservation').reduce((t, e) => t + BigInt(e.amount), 0n) +
      kinds('release').reduce((t, e) => t + BigInt(e.amount), 0n),
    0n,
  );
  for (const r of kinds('reservation')) {
    const fee = settlements.find((s) => s.reference === r.reference);
    assert.ok(fee && -BigInt(r.amount) >= -BigInt(fee.amount), 'the worst case covers the real fee');
  }
  // the super admin sees the same balance in the users table and the same ledger
  const users = (await boss.client.call('GET', '/json/users?chain=ganache')).body.items as {
    id: number;
    balance: string;
  }[];
  assert.equal(users.find((u) => u.id === who.id)?.balance, ledger.item);
  assert.deepEqual((await ledgerOf(boss.client, `&user=${who.id}`)).items, ledger.items);
});

test('a loop of mints stops at the balance: the relayer never spends more than the credit', async () => {
  const { who, mint } = await drainer();
  const granted = parseEther('0.0005');
  await credit(boss.client, who.id, granted);
  const spentBefore = await relayerBalance();
  const outcomes: number[] = [];
  for (let i = 0; i < 10; i++) outcomes.push((await mint()).status);
  const accepted = outcomes.filter((s) => s === 201).length;
  assert.ok(accepted >= 1, `some mints fit: ${outcomes.join(',')}`);
  assert.ok(outcomes.includes(402), `then 402: ${outcomes.join(',')}`);
  assert.deepEqual(
    outcomes.filter((s) => s !== 201 && s !== 402),
    [],
    'refused only for the balance',
  );
  const ledger = await settledLedger(who.client, accepted);
  const fees = spentBefore - (await relayerBalance());
  assert.ok(fees <= granted, `the relayer spent ${fees} of a ${granted} credit`);
  assert.equal(BigInt(ledger.item), granted - fees);
  assert.ok(BigInt(ledger.item) >= 0n);
});

test('the per-account rate of relayer-paid calls is bounded (429), and other accounts are not affected', async () => {
  const { who, mint } = await drainer();
  await credit(boss.client, who.id, parseEther('1'));
  const statuses: number[] = [];
  for (let i = 0; i < RATE + 2; i++) statuses.push((await mint()).status);
  assert.deepEqual(statuses.slice(0, RATE), Array(RATE).fill(201));
  assert.deepEqual(statuses.slice(RATE), [429, 429]);
  const limited = await mint();
  assert.equal(limited.body.error, 'too_many_relayer_transactions');
  assert.match(String(limited.body.errorMessage), new RegExp(`at most ${RATE} a minute`));
  const other = await drainer();
  await credit(boss.client, other.who.id, parseEther('1'));
  assert.equal((await other.mint()).status, 201);
  await settledLedger(who.client, RATE);
});

test("the template's limit applies to manual mints: 1 of 8 on a limit-1 template", async () => {
  const { who, nftId, mint } = await drainer(1);
  await credit(boss.client, who.id, parseEther('1'));
  const statuses = await Promise.all(Array.from({ length: 8 }, () => mint()));
  assert.deepEqual(
    statuses.map((r) => r.status).sort(),
    [201, 409, 409, 409, 409, 409, 409, 409],
    JSON.stringify(statuses.map((r) => r.body)),
  );
  const refused = statuses.find((r) => r.status === 409)!;
  assert.equal(refused.body.error, 'limit_reached');
  // the list shows a manual mint while it is not on chain (without an indexer here it leaves the list
  // once confirmed): never more than the one accepted
  const listed = (await who.client.call('GET', `/json/ganache/mints/${nftId}`)).body.items as unknown[];
  assert.ok(listed.length <= 1, JSON.stringify(listed));
  // the refused ones reserved nothing
  const ledger = await settledLedger(who.client, 1);
  assert.equal(ledger.items.filter((e) => e.kind === 'reservation').length, 1);
});
