import assert from 'node:assert/strict';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { waitFor } from '@metatag/relayer/testing';
import { ownerSignature } from './owner-proof.fixture.js';
import type { Client } from './stack.fixture.js';

export interface OwnedCollection {
  address: Address;
  /** The key of the collection's on-chain owner (a fresh wallet). */
  ownerKey: Hex;
  name: string;
}

/** Sends `tx` from `key`'s wallet on the chain at `rpcUrl` and waits for a successful receipt. */
export async function sendFrom(
  rpcUrl: string,
  key: Hex,
  tx: { to?: string; data: string },
): Promise<{ hash: Hash; created?: Address }> {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(rpcUrl) });
  const chain = createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address | undefined,
    data: tx.data as Hex,
    gas: tx.to ? undefined : 5_000_000n,
    chain: null,
  });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return { hash, created: receipt.contractAddress?.toLowerCase() as Address | undefined };
}

/**
 * What a tenant does through the product to own a collection: a fresh wallet deploys it with the API's
 * deploy data, and account `accountId` attaches it with that wallet's EIP-712 owner proof. Resolves
 * once chiplinks' projection knows the attachment (a record may then target it).
 */
export async function attachedCollection(
  rpcUrl: string,
  client: Client,
  accountId: number,
  name = `Tenant${Math.random().toString(36).slice(2, 8)}`,
): Promise<OwnedCollection> {
  const ownerKey = generatePrivateKey();
  await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [privateKeyToAccount(ownerKey).address, toHex(parseEther('10'))],
    }),
  });
  const deploy = await client.call('POST', '/deploy-collection', {
    chain: 'ganache',
    name,
    symbol: 'TEN',
    libraryAddress: '',
  });
  assert.equal(deploy.status, 200, JSON.stringify(deploy.body));
  const { hash, created } = await sendFrom(rpcUrl, ownerKey, (deploy.body as { evm: { data: string } }).evm);
  const address = created!;
  const attached = await client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: address, name, symbol: 'TEN' },
    txHash: hash,
    ownerSignature: await ownerSignature(ownerKey, accountId, address),
  });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  await waitFor('the attachment in the collections list', async () => {
    const mine = await client.call('GET', '/json/ganache/get-my-collections');
    return (mine.body.items as { deployedAddress: string }[]).some((c) => c.deployedAddress === address);
  });
  return { address, ownerKey, name };
}
