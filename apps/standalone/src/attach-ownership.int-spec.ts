import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWalletClient, http, parseEther, toHex, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { attachCollectionTypedData } from '@metatag/contracts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import { DEPLOYER_KEY, RELAYER_ADDRESS, startAnvil, type Anvil } from '@metatag/relayer/testing';
import { linkWalletBody, ownerSignature } from './testing/owner-proof.fixture.js';
import {
  signInPasswordUser,
  signInSuperAdmin,
  signInWallet,
  type SignedIn,
} from './testing/sign-in.fixture.js';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';

// Proof of ownership on attach: a collection is attached only to an account that controls the
// collection's owner() on chain (one of its wallets, or the owner's EIP-712 AttachCollection
// signature for that account). A public deploy transaction hash proves nothing about who asks.
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-attach-'));
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
    },
  });
  boss = await signInSuperAdmin(stack.url);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Deploys a collection from `key`'s wallet with the product's deploy data (any signed-in client asks). */
async function deployFrom(key: Hex, asker: Client, name: string) {
  const address = privateKeyToAccount(key).address;
  await anvil.rpc('anvil_setBalance', [address, toHex(parseEther('10'))]);
  const data = await asker.call('POST', '/deploy-collection', {
    chain: 'ganache',
    name,
    symbol: 'OWN',
    libraryAddress: '',
  });
  assert.equal(data.status, 200, JSON.stringify(data.body));
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({
    data: (data.body as { evm: { data: Hex } }).evm.data,
    gas: 5_000_000n,
    chain: null,
  });
  const receipt = await anvil.client.waitForTransactionReceipt({ hash });
  return { address: receipt.contractAddress!.toLowerCase() as Address, hash: hash as Hash, name };
}

const attach = (
  who: Client,
  c: { address: string; hash: string; name: string },
  ownerSignature?: { signature: string; deadline: string },
) =>
  who.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: c.address, name: c.name, symbol: 'OWN' },
    txHash: c.hash,
    ...(ownerSignature ? { ownerSignature } : {}),
  });

const collectionsOf = async (who: Client) =>
  (
    (await who.call('GET', '/json/ganache/get-my-collections')).body.items as { deployedAddress: string }[]
  ).map((c) => c.deployedAddress);

test("a password account cannot take over another wallet's fresh collection with its public tx hash; the owner still can", async () => {
  const owner = await signInWallet(stack.url);
  const collection = await deployFrom(owner.key, owner.client, `Mine${Date.now()}`);
  const thief = await signInPasswordUser(stack.url, boss.client);

  const takeover = await attach(thief.client, collection);
  assert.equal(takeover.status, 403, JSON.stringify(takeover.body));
  assert.equal(takeover.body.error, 'owner_proof_required');
  assert.match(String(takeover.body.errorMessage), new RegExp(owner.account.address.toLowerCase()));
  assert.deepEqual(await collectionsOf(thief.client), []);
  // another wallet account is refused the same way
  const otherWallet = await signInWallet(stack.url);
  assert.equal((await attach(otherWallet.client, collection)).status, 403);

  const mine = await attach(owner.client, collection);
  assert.equal(mine.status, 200, JSON.stringify(mine.body));
  assert.deepEqual(await collectionsOf(owner.client), [collection.address]);
});

test("the owner's EIP-712 attach signature (viem, a real key) attaches to the account it names, and only that", async () => {
  const ownerKey = generatePrivateKey();
  const user = await signInPasswordUser(stack.url, boss.client);
  const collection = await deployFrom(ownerKey, user.client, `Signed${Date.now()}`);

  const stranger = await ownerSignature(generatePrivateKey(), user.id, collection.address);
  const wrongSigner = await attach(user.client, collection, stranger);
  assert.equal(wrongSigner.status, 403, JSON.stringify(wrongSigner.body));
  assert.match(String(wrongSigner.body.errorMessage), /was not signed by the collection's owner/);

  const forSomeoneElse = await ownerSignature(ownerKey, user.id + 1000, collection.address);
  assert.equal(
    (await attach(user.client, collection, forSomeoneElse)).status,
    403,
    'signed for another account',
  );

  const past = BigInt(Math.floor(Date.now() / 1000) - 60);
  const expired = {
    signature: await privateKeyToAccount(ownerKey).signTypedData(
      attachCollectionTypedData({
        chainId: 1337,
        account: user.id,
        collection: collection.address,
        deadline: past,
      }),
    ),
    deadline: past.toString(),
  };
  const late = await attach(user.client, collection, expired);
  assert.equal(late.status, 400);
  assert.equal(late.body.error, 'signature_expired');
  assert.equal((await attach(user.client, collection, { signature: '0x1234', deadline: '1' })).status, 400);

  const signed = await attach(
    user.client,
    collection,
    await ownerSignature(ownerKey, user.id, collection.address),
  );
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  assert.deepEqual(await collectionsOf(user.client), [collection.address]);
});

test('a password account links a wallet by its signature, then attaches what that wallet deploys', async () => {
  const walletKey = generatePrivateKey();
  const wallet = privateKeyToAccount(walletKey).address.toLowerCase();
  const user = await signInPasswordUser(stack.url, boss.client);

  // a signature of another key, for another account, or expired: refused
  const forged = { ...(await linkWalletBody(generatePrivateKey(), user.id)), address: wallet };
  assert.equal((await user.client.call('POST', '/json/link-wallet', forged)).status, 400);
  const other = await linkWalletBody(walletKey, user.id + 1000);
  assert.equal((await user.client.call('POST', '/json/link-wallet', other)).status, 400);
  // a wallet that is another account's (its sign-in wallet) is not linked again
  const walletUser = await signInWallet(stack.url);
  const taken = await user.client.call(
    'POST',
    '/json/link-wallet',
    await linkWalletBody(walletUser.key, user.id),
  );
  assert.equal(taken.status, 409, JSON.stringify(taken.body));
  assert.equal(taken.body.error, 'wallet_taken');
  assert.equal((await new Client(stack.url).call('POST', '/json/link-wallet', other)).status, 401);

  const linked = await user.client.call(
    'POST',
    '/json/link-wallet',
    await linkWalletBody(walletKey, user.id),
  );
  assert.equal(linked.status, 200, JSON.stringify(linked.body));
  assert.equal(linked.body.userAddress, wallet);
  assert.equal(
    ((await user.client.call('GET', '/json/user')).body as { userAddress: string }).userAddress,
    wallet,
  );

  const collection = await deployFrom(walletKey, user.client, `Linked${Date.now()}`);
  const attached = await attach(user.client, collection);
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  assert.deepEqual(await collectionsOf(user.client), [collection.address]);
});
