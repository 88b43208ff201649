import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  createPublicClient,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { localhost } from 'viem/chains';
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  collectionAbi,
  collectionDeployData,
  toPasskeyAccount,
  toRecoveryAccount,
  AA_ADDRESSES,
  SAFE_OWNERS_ABI,
} from '@metatag/contracts';
import { softwarePasskey } from '@metatag/contracts/node';
import type { LedgerEntry } from '@metatag/events';
import { credit } from './testing/sign-in.fixture.js';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// Issue #29 item 2: passkey accounts. A passkey (here a software P-256 key that signs exactly what a
// WebAuthn authenticator signs) owns a Safe smart account; a gasless claim mints to its counterfactual
// address; lock, unlock and transfer go as ERC-4337 user operations through the gateway's bundler
// proxy (a real Alto) with our VerifyingPaymaster, sponsored by the template's owner: metered on their
// relayer ledger, bounded per account and day, and only for the token's own collection.
const SCAN_HEADER = 'x-metatag-scan-token';
const OPS_PER_DAY = 3;

let fixture: ChainOwnerStack;
let stack: TestStack;
let chain: PublicClient;
let collection: Address;
let boss: Client;
let owner: Client;
let ownerId: number;
let secrets: Record<string, string>;
const anonymous = () => new Client(stack.url);

before(async () => {
  fixture = await startChainOwnerStack({
    name: 'Passkeys',
    symbol: 'PSK',
    passkeys: true,
    env: {
      TX_RECEIPT_POLL_MS: '100',
      MINT_INDEX_LAG_MS: '300',
      SPONSORED_OPS_PER_ACCOUNT_PER_DAY: String(OPS_PER_DAY),
    },
  });
  ({ stack, collection, boss, owner, ownerId, secrets } = fixture);
  chain = createPublicClient({ chain: localhost, transport: http(fixture.anvil.url), pollingInterval: 100 });
  await credit(boss, ownerId, parseEther('0.5'));
});
after(async () => {
  await fixture?.stop();
});

const ledger = async () =>
  (await owner.call('GET', '/json/ledger?limit=500')).body as {
    item: string;
    held: string;
    items: LedgerEntry[];
  };

const ownerOf = (tokenId: bigint) =>
  chain
    .readContract({ address: collection, abi: collectionAbi, functionName: 'ownerOf', args: [tokenId] })
    .then((a) => a.toLowerCase())
    .catch(() => null);
const locked = (tokenId: bigint) =>
  chain.readContract({
    address: collection,
    abi: parseAbi(['function locked(uint256 tokenId) view returns (bool)']),
    functionName: 'locked',
    args: [tokenId],
  });

/** A chip of a free template whose owner pays the gas, claimed gaslessly into a new passkey account. */
async function claimedIntoPasskeyAccount() {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const put = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { gasPaidBy: 'owner' });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const passkey = softwarePasskey();
  const registered = await anonymous().call('POST', '/json/passkeys', {
    chain: 'ganache',
    credentialId: passkey.id.replace(/[^A-Za-z0-9_-]/g, '_'),
    publicKey: passkey.publicKey,
  });
  assert.equal(registered.status, 200, JSON.stringify(registered.body));
  const account = await toPasskeyAccount({ client: chain, owner: passkey.account });
  assert.equal(
    registered.body.account,
    account.address.toLowerCase(),
    'the server computes the same account',
  );
  assert.equal(await chain.getCode({ address: account.address }), undefined, 'counterfactual: not deployed');

  const tap = await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
  const claim = await anonymous().call(
    'POST',
    `/json/claim-gasless/${id}`,
    { to: account.address.toLowerCase() },
    { [SCAN_HEADER]: tap.body.scanToken as string },
  );
  assert.equal(claim.body.ok, true, JSON.stringify(claim.body));
  const tokenId = BigInt(claim.body.tokenid as string);
  await until(
    () => ownerOf(tokenId),
    (o) => o === account.address.toLowerCase(),
    'the mint to the account',
  );
  const bundlerUrl = `${stack.url}/json/bundler/ganache`;
  const bundler = createBundlerClient({
    account,
    client: chain,
    transport: http(bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(bundlerUrl) }),
    paymasterContext: { chiplinkId: id },
    pollingInterval: 200,
  });
  const send = async (data: Hex, to: Address = collection) => {
    const hash = await bundler.sendUserOperation({ calls: [{ to, data, value: 0n }] });
    return bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 });
  };
  return { id, chip, passkey, account, tokenId, bundler, send, registered: registered.body };
}

/** A user operation client of `account` through the gateway's bundler proxy, sponsored for a chiplink. */
const bundlerOf = (account: Awaited<ReturnType<typeof toPasskeyAccount>>, chiplinkId: string) =>
  createBundlerClient({
    account,
    client: chain,
    transport: http(`${stack.url}/json/bundler/ganache`),
    paymaster: createPaymasterClient({ transport: http(`${stack.url}/json/bundler/ganache`) }),
    paymasterContext: { chiplinkId },
    pollingInterval: 200,
  });

const lockData = (tokenId: bigint, lock: boolean) =>
  encodeFunctionData({
    abi: collectionAbi,
    functionName: lock ? 'disallowTokenTransfers' : 'allowTokenTransfers',
    args: [tokenId],
  });

test('a passkey account gets the token, is deployed by its first sponsored operation, and holds 0 ETH', async () => {
  const { account, tokenId, send, registered, passkey } = await claimedIntoPasskeyAccount();
  // another device: the credential id finds the account
  const found = await anonymous().call('POST', '/json/passkeys', {
    chain: 'ganache',
    credentialId: registered.credentialId,
  });
  assert.deepEqual(found.body, registered);
  const other = await anonymous().call('POST', '/json/passkeys', {
    chain: 'ganache',
    credentialId: registered.credentialId,
    publicKey: softwarePasskey().publicKey,
  });
  assert.equal(other.status, 409, 'a credential id keeps its first key');
  assert.equal(passkey.publicKey.toLowerCase(), registered.publicKey);

  const before = await ledger();
  const receipt = await send(lockData(tokenId, true));
  assert.equal(receipt.success, true);
  assert.equal(await locked(tokenId), true);
  assert.notEqual(
    await chain.getCode({ address: account.address }),
    undefined,
    'deployed by the first operation',
  );
  assert.equal(receipt.paymaster?.toLowerCase(), fixture.paymaster?.toLowerCase());
  assert.equal(await chain.getBalance({ address: account.address }), 0n, 'the visitor never held ETH');

  // the owner paid: the worst case was held, the receipt settled the EntryPoint's actual charge
  const after = await until(
    ledger,
    (l) => l.items.some((e) => e.kind === 'settlement' && e.txHash === receipt.receipt.transactionHash),
    'the settlement',
  );
  const settlement = after.items.find((e) => e.txHash === receipt.receipt.transactionHash)!;
  assert.equal(-BigInt(settlement.amount), receipt.actualGasCost, 'the EntryPoint’s actual charge');
  const reference = settlement.reference!;
  // the nonce (with the key permissionless puts in its high bits) is used once on chain
  assert.match(reference, new RegExp(`^userop:1337:${account.address.toLowerCase()}:\\d+$`));
  const mine = after.items.filter((e) => e.reference === reference);
  const reserved = mine.find((e) => e.kind === 'reservation')!;
  assert.ok(-BigInt(reserved.amount) >= receipt.actualGasCost, 'the worst case was held first');
  assert.equal(
    mine.filter((e) => e.kind !== 'settlement').reduce((sum, e) => sum + BigInt(e.amount), 0n),
    0n,
    'and released when the receipt came',
  );
  assert.equal(before.items.filter((e) => e.reference === reference).length, 0);

  const unlocked = await send(lockData(tokenId, false));
  assert.equal(unlocked.success, true);
  assert.equal(await locked(tokenId), false);
});

test('the token leaves the passkey account for an ordinary wallet in one sponsored operation', async () => {
  const { account, tokenId, send } = await claimedIntoPasskeyAccount();
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const receipt = await send(
    encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']),
      functionName: 'safeTransferFrom',
      args: [account.address, wallet, tokenId],
    }),
  );
  assert.equal(receipt.success, true);
  assert.equal(await ownerOf(tokenId), wallet.toLowerCase());
  assert.equal(await chain.getBalance({ address: wallet }), 0n);
});

test('the paymaster signs only calls into the token’s own collection by its owner account', async () => {
  const { tokenId, send } = await claimedIntoPasskeyAccount();
  const somewhere = privateKeyToAccount(generatePrivateKey()).address;
  // a call to any other address, even with the collection's own function
  await assert.rejects(send(lockData(tokenId, true), somewhere), /Status: 403/);
  // another chip's token in the same collection
  await assert.rejects(send(lockData(tokenId + 1000n, true)), /Status: 403/);
  // an account that does not own the token
  const stranger = await claimedIntoPasskeyAccount();
  const { id } = await claimedIntoPasskeyAccount();
  const wrongChip = createBundlerClient({
    account: stranger.account,
    client: chain,
    transport: http(`${stack.url}/json/bundler/ganache`),
    paymaster: createPaymasterClient({ transport: http(`${stack.url}/json/bundler/ganache`) }),
    paymasterContext: { chiplinkId: id },
  });
  const tokenOfId = (await anonymous().call('GET', `/json/nft-by-chiplink/${id}?type=chip`)).body
    .chiplink as {
    tokenToMint: string;
  };
  await assert.rejects(
    wrongChip.sendUserOperation({
      calls: [{ to: collection, data: lockData(BigInt(tokenOfId.tokenToMint), true) }],
    }),
    /Status: 403/,
  );
  // not a Safe module call at all: raw paymaster request with arbitrary call data
  const raw = await anonymous().call('POST', '/json/bundler/ganache', {
    jsonrpc: '2.0',
    id: 1,
    method: 'pm_getPaymasterStubData',
    params: [
      {
        sender: stranger.account.address,
        nonce: '0x0',
        callData: '0xdeadbeef',
        callGasLimit: '0x1',
        verificationGasLimit: '0x1',
        preVerificationGas: '0x1',
        maxFeePerGas: '0x1',
        maxPriorityFeePerGas: '0x1',
      },
      AA_ADDRESSES.entryPoint,
      '0x539',
      { chiplinkId: stranger.id },
    ],
  });
  assert.equal(raw.status, 403, JSON.stringify(raw.body));
  // bundler methods outside ERC-4337's are refused
  const debug = await anonymous().call('POST', '/json/bundler/ganache', {
    jsonrpc: '2.0',
    id: 1,
    method: 'debug_bundler_clearState',
    params: [],
  });
  assert.equal(debug.status, 400);
});

test('Claim Ownership from a passkey account: its transfer voucher is sponsored; the same call into another collection, a forged or a spent voucher are refused', async () => {
  const first = await claimedIntoPasskeyAccount();
  // a second visitor with a new passkey account (never deployed, 0 ETH) taps the chip
  const account = await toPasskeyAccount({ client: chain, owner: softwarePasskey().account });
  const to = account.address.toLowerCase();
  const tap = await anonymous().call('POST', '/json/check-tag', { tag: first.id, auth: first.chip.tap() });
  const voucher = await anonymous().call(
    'GET',
    `/json/get-mint-data/${first.id}?to=${to}&isTransfer=true`,
    undefined,
    { [SCAN_HEADER]: tap.body.scanToken as string },
  );
  assert.equal(voucher.body.ok, true, JSON.stringify(voucher.body));
  const data = voucher.body.data as Hex;
  const bundler = bundlerOf(account, first.id);

  // the same claim call into another collection (a real one, on the same chain) is not sponsored
  const { data: deployData } = collectionDeployData({
    name: 'Other',
    symbol: 'OTH',
    libraryAddress: fixture.libraryLocator,
  });
  const deployed = await fixture
    .wallet(VISITOR_KEYS[0]!)
    .send({ data: deployData, to: null, gas: undefined });
  const other = deployed.contractAddress!;
  await assert.rejects(
    bundler.sendUserOperation({ calls: [{ to: other, data }] }),
    /Status: 403[\s\S]*not_sponsored/,
  );
  // a forged voucher (another signature) is simulated and refused before the owner pays anything
  const forged = `${data.slice(0, 74)}${data.slice(74, 76) === 'aa' ? 'bb' : 'aa'}${data.slice(76)}` as Hex;
  await assert.rejects(
    bundler.sendUserOperation({ calls: [{ to: collection, data: forged }] }),
    /Status: 403[\s\S]*not_claimable/,
  );

  const before = await ledger();
  const hash = await bundler.sendUserOperation({ calls: [{ to: collection, data }] });
  const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 });
  assert.equal(receipt.success, true);
  assert.equal(receipt.paymaster?.toLowerCase(), fixture.paymaster?.toLowerCase());
  assert.equal(await ownerOf(first.tokenId), to, 'the chip’s token moved into the claiming account');
  assert.equal(await chain.getBalance({ address: account.address }), 0n, 'the claimer never held ETH');
  const after = await until(
    ledger,
    (l) => l.items.some((e) => e.kind === 'settlement' && e.txHash === receipt.receipt.transactionHash),
    'the owner’s settlement of the claim',
  );
  assert.ok(after.items.length > before.items.length, 'metered on the template owner’s ledger');

  // the voucher is spent (the token's nonce moved) and the account owns the token: nothing more to claim
  await assert.rejects(bundler.sendUserOperation({ calls: [{ to: collection, data }] }), /Status: 403/);
  // the former owner's account cannot claim it back without a fresh voucher of its own
  await assert.rejects(first.bundler.sendUserOperation({ calls: [{ to: collection, data }] }), /Status: 403/);
  console.log(`# passkey Claim Ownership: token ${first.tokenId} → ${to}, gas ${receipt.actualGasUsed}`);
});

test('a wallet added as second owner (sponsored, once per account) takes the token out without the passkey', async () => {
  const { id, account, tokenId, send } = await claimedIntoPasskeyAccount();
  const walletKey = generatePrivateKey();
  const wallet = privateKeyToAccount(walletKey);
  const addOwner = (owner: Address) =>
    encodeFunctionData({ abi: SAFE_OWNERS_ABI, functionName: 'addOwnerWithThreshold', args: [owner, 1n] });
  const recoverable = async (address: string) =>
    (await anonymous().call('GET', `/json/ganache/recoverable-by/${address}`)).body as { accounts: string[] };
  assert.deepEqual(await recoverable(wallet.address), { accounts: [] });

  // the passkey signs one sponsored operation into the Safe itself; it also deploys the account
  const before = await ledger();
  const added = await send(addOwner(wallet.address), account.address);
  assert.equal(added.success, true);
  assert.equal(added.paymaster?.toLowerCase(), fixture.paymaster?.toLowerCase());
  const owners = await chain.readContract({
    address: account.address,
    abi: SAFE_OWNERS_ABI,
    functionName: 'getOwners',
  });
  assert.equal(owners.length, 2);
  assert.ok(
    owners.map((o) => o.toLowerCase()).includes(wallet.address.toLowerCase()),
    'the wallet is an owner',
  );
  assert.ok(
    owners.map((o) => o.toLowerCase()).includes(AA_ADDRESSES.webAuthnSharedSigner.toLowerCase()),
    'the passkey stays an owner',
  );
  await until(
    ledger,
    (l) => l.items.some((e) => e.kind === 'settlement' && e.txHash === added.receipt.transactionHash),
    'the owner’s settlement of the add',
  );
  assert.ok((await ledger()).items.length > before.items.length, 'metered on the template owner’s ledger');
  assert.deepEqual(await recoverable(wallet.address), { accounts: [account.address.toLowerCase()] });
  assert.equal((await anonymous().call('GET', '/json/ganache/recoverable-by/0x12')).status, 400);

  // one recovery wallet per account: a second add is refused before anything is held or signed
  const other = privateKeyToAccount(generatePrivateKey()).address;
  await assert.rejects(send(addOwner(other), account.address), /Status: 403[\s\S]*recovery_owner_exists/);
  // nor does the Safe sponsor any other call into itself (here: raising the threshold)
  await assert.rejects(
    send(
      encodeFunctionData({
        abi: parseAbi(['function changeThreshold(uint256)']),
        functionName: 'changeThreshold',
        args: [2n],
      }),
      account.address,
    ),
    /Status: 403[\s\S]*not_sponsored/,
  );

  // the wallet alone (no passkey, 0 ETH) signs a sponsored transfer of the token to itself
  const recovery = await toRecoveryAccount({ client: chain, owner: wallet, address: account.address });
  assert.equal(recovery.address.toLowerCase(), account.address.toLowerCase());
  const bundler = bundlerOf(recovery, id);
  const hash = await bundler.sendUserOperation({
    calls: [
      {
        to: collection,
        data: encodeFunctionData({
          abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']),
          functionName: 'safeTransferFrom',
          args: [account.address, wallet.address, tokenId],
        }),
      },
    ],
  });
  const moved = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 });
  assert.equal(moved.success, true);
  assert.equal(await ownerOf(tokenId), wallet.address.toLowerCase());
  assert.equal(await chain.getBalance({ address: wallet.address }), 0n, 'the wallet never held ETH');
  assert.equal(await chain.getBalance({ address: account.address }), 0n);
  console.log(
    `# recovery owner: add ${added.actualGasUsed} gas (deploying), wallet's transfer ${moved.actualGasUsed} gas`,
  );
});

test('bounded per account and day, and refused at an owner balance of zero (402)', async () => {
  const { tokenId, send } = await claimedIntoPasskeyAccount();
  for (let i = 0; i < OPS_PER_DAY; i++)
    assert.equal((await send(lockData(tokenId, i % 2 === 0))).success, true);
  await assert.rejects(send(lockData(tokenId, OPS_PER_DAY % 2 === 0)), /Status: 429/);

  const second = await claimedIntoPasskeyAccount();
  await credit(boss, ownerId, 0n);
  await assert.rejects(second.send(lockData(second.tokenId, true)), /Status: 402/);
  assert.equal(await locked(second.tokenId), false);
});

test("'My tokens' answers a list for any address and a clear 4xx for bad input", async () => {
  const someone = privateKeyToAccount(generatePrivateKey()).address;
  const empty = await anonymous().call('GET', `/json/ganache/tokens-of/${someone}`);
  assert.equal(empty.status, 200, JSON.stringify(empty.body));
  assert.deepEqual(empty.body, { tokens: [] });
  const bad = await anonymous().call('GET', '/json/ganache/tokens-of/0x1234');
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
  const chain = await anonymous().call('GET', `/json/nochain/tokens-of/${someone}`);
  assert.equal(chain.status, 404, JSON.stringify(chain.body));
});
