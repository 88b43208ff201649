import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionDeployData, tagRelayerDeployedBytecode } from '@metatag/contracts';
import { DEFAULT_COLLECTIONS, DEPLOYER, TEMPLATES } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { FOREIGN_TRANSACTION, RawTransactionPolicy } from './raw-transaction.policy.js';

const relayer = '0x' + '12'.repeat(20);
const attached = '0x' + '34'.repeat(20);
const deployedRelayer = '0x' + '56'.repeat(20);

const services = {
  send(definition: unknown, input: { address?: string }) {
    if (definition === DEPLOYER.networks)
      return Promise.resolve({ libraryAddressLocators: {}, relayers: {}, tagRelayers: { ganache: relayer } });
    if (definition === DEFAULT_COLLECTIONS.list) return Promise.resolve({ items: [] });
    if (definition === TEMPLATES.getCollection)
      return input.address === attached
        ? Promise.resolve({ item: {} })
        : Promise.reject(AppError.notFound('Collection not found'));
    return Promise.reject(new Error('unexpected call'));
  },
} as unknown as ServiceClient;

const code = (address: string) =>
  Promise.resolve(address === deployedRelayer ? tagRelayerDeployedBytecode : '0x');
const wallet = privateKeyToAccount(generatePrivateKey());
const fee = { gas: 100_000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 1n, nonce: 0 };
const policy = new RawTransactionPolicy(services);
const check = (raw: unknown) => policy.assertOurs('ganache', raw, (_m, params) => code(params[0] as string));
const refusedWith = (message: string) => (error: unknown) =>
  error instanceof AppError && error.status === 400 && error.message === message;

test('transactions to our contracts pass: TagRelayer, attached collection, our code, our deployments', async () => {
  for (const to of [relayer, attached, deployedRelayer])
    await check(await wallet.signTransaction({ ...fee, chainId: 1337, to: to as `0x${string}` }));
  const deploy = collectionDeployData({ name: 'A', symbol: 'A', libraryAddress: '0x' + '11'.repeat(20) });
  await check(await wallet.signTransaction({ ...fee, chainId: 1337, ...deploy }));
});

test('foreign transactions, other chains, foreign deployments and garbage are refused', async () => {
  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  await assert.rejects(
    check(await wallet.signTransaction({ ...fee, chainId: 1337, to: stranger, value: 1n })),
    refusedWith(FOREIGN_TRANSACTION),
  );
  await assert.rejects(
    check(await wallet.signTransaction({ ...fee, chainId: 1337, data: '0x6080604052' })),
    refusedWith(FOREIGN_TRANSACTION),
  );
  await assert.rejects(
    check(await wallet.signTransaction({ ...fee, chainId: 1, to: relayer as `0x${string}` })),
    refusedWith('The transaction is not signed for chain ganache'),
  );
  for (const raw of ['0x1234', 42, undefined])
    await assert.rejects(check(raw), refusedWith('The signed transaction is not valid'));
});
