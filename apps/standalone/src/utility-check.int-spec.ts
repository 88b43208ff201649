import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { signInPasswordUser, signInSuperAdmin, signInWallet } from './testing/sign-in.fixture.js';

// `POST /is_i_owner` (spec section 7): the caller must have signed in with the wallet it asks about;
// an address claim alone gets nothing. (Owners, answered from the chain index, are in shop.e2e.ts.)
let stack: TestStack;
let nftId = 0;

before(async () => {
  stack = await startTestStack();
  const boss = await signInSuperAdmin(stack.url);
  const owner = await signInPasswordUser(stack.url, boss.client);
  nftId = ((await owner.client.call('POST', '/json/ganache/nft', {})).body.item as { id: number }).id;
  for (const [field, value] of [
    ['utility_url', 'https://club.example/vip'],
    ['utility_url_error', 'https://club.example/sorry'],
  ]) {
    const put = await owner.client.call('PUT', `/json/ganache/nft/${nftId}`, { [field]: value });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
});
after(() => stack?.stop());

test('no sign-in: 401; someone else’s address: 403, whatever the body claims', async () => {
  const someone = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const anonymous = new Client(stack.url);
  const body = { nft_id: nftId, address: someone, chain: 'ganache' };
  assert.equal((await anonymous.call('POST', '/is_i_owner', body)).status, 401);
  const wallet = await signInWallet(stack.url);
  const claimed = await wallet.client.call('POST', '/is_i_owner', body);
  assert.equal(claimed.status, 403);
  assert.equal(claimed.body.errorMessage, 'Sign in with this wallet first');
});

test('a signed-in wallet that holds no token of the template gets utility_url_error', async () => {
  const wallet = await signInWallet(stack.url);
  const address = wallet.account.address.toLowerCase();
  const res = await wallet.client.call('POST', '/is_i_owner', { nft_id: nftId, address, chain: 'ganache' });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body, {
    error: true,
    errorMessage: 'You are not the owner of this NFT',
    url: 'https://club.example/sorry',
  });
  // another chain's path does not find the template; bad input is a 4xx
  const other = await wallet.client.call('POST', '/is_i_owner', { nft_id: nftId, address, chain: 'polygon' });
  assert.equal(other.status, 404);
  const bad = await wallet.client.call('POST', '/is_i_owner', { nft_id: 'x', address, chain: 'ganache' });
  assert.equal(bad.status, 400);
});
