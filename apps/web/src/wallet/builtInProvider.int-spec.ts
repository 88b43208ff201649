import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicClient, http, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { createBuiltInProvider, createHttpRpcSender, type WalletKeyStore } from './builtInProvider.js';

// The built-in wallet against a real chain (anvil, chain id 1337): a transaction it sends is filled
// (nonce, gas, fees) through JSON-RPC, signed with the browser's key and mined.
let anvil: AnvilHandle;

before(async () => {
  anvil = await startAnvil();
});

after(async () => {
  await anvil?.stop();
});

test('eth_sendTransaction of the built-in wallet is mined on anvil', async () => {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const client = createPublicClient({ transport: http(anvil.url) });
  const rpc = createHttpRpcSender();
  const chain = { id: 1337, name: 'ganache', rpcUrl: anvil.url };
  await rpc(chain, 'anvil_setBalance', [account.address, `0x${parseEther('10').toString(16)}`]);
  let chainId: number | null = 1337;
  const store: WalletKeyStore = {
    getPrivateKey: () => key,
    getChainId: () => chainId,
    setChainId: (id) => void (chainId = id),
  };
  const provider = createBuiltInProvider({ chains: [chain], store, rpc });

  for (const nonce of [0, 1]) {
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: recipient, value: `0x${parseEther('1').toString(16)}` }],
    })) as Hex;
    const receipt = await client.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.from, account.address.toLowerCase());
    const tx = await client.getTransaction({ hash });
    assert.equal(tx.nonce, nonce);
    assert.equal(tx.type, 'eip1559');
  }
  assert.equal(await client.getBalance({ address: recipient }), parseEther('2'));
  assert.equal(
    await provider.request({ method: 'eth_getTransactionCount', params: [account.address, 'latest'] }),
    '0x2',
  );
});
