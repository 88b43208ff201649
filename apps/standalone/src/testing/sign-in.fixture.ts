import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { ADMIN_PASSWORD, Client } from './stack.fixture.js';

export interface SignedIn {
  client: Client;
  id: number;
}

/** The bootstrap super admin, signed in with its password. */
export async function signInSuperAdmin(base: string): Promise<SignedIn> {
  const client = new Client(base);
  const res = await client.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { client, id: (res.body.user as { id: number }).id };
}

/** A new password account (no wallet), created by the super admin, signed in. */
export async function signInPasswordUser(base: string, boss: Client): Promise<SignedIn> {
  const name = `user${randomBytes(4).toString('hex')}`;
  const created = await boss.call('POST', '/json/users', { address: name });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id as number;
  await boss.call('POST', '/json/users/set-password', { id, password: 'pw-for-tests' });
  const client = new Client(base);
  const res = await client.call('POST', '/password-login', { name, password: 'pw-for-tests' });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { client, id };
}

/** A wallet account signed in through /auth/nonce + /auth/login (its address becomes its userAddress). */
export async function signInWallet(
  base: string,
  key: Hex = generatePrivateKey(),
): Promise<SignedIn & { account: PrivateKeyAccount; key: Hex }> {
  const client = new Client(base);
  const account = privateKeyToAccount(key);
  const address = account.address.toLowerCase();
  const { body } = await client.call('GET', `/auth/nonce?address=${address}`);
  const res = await client.call('POST', '/auth/login', {
    address,
    signature: await account.signMessage({ message: body.message as string }),
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { client, id: (res.body.user as { id: number }).id, account, key };
}

/** The super admin sets a user's relayer balance on a chain (wei), as the users table does. */
export async function credit(boss: Client, userId: number, wei: bigint, chain = 'ganache'): Promise<void> {
  const res = await boss.call('PUT', `/json/users/${userId}`, { balance: wei.toString(), chain });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}
