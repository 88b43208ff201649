import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type Hex,
  keccak256,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  stringToHex,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  DEFAULT_PRIORITY_FEE_WEI,
  WalletRpcError,
  createBuiltInProvider,
  type RpcSender,
  type WalletChain,
  type WalletKeyStore,
} from './builtInProvider.js';

const KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const ACCOUNT = privateKeyToAccount(KEY);
const OTHER = '0x8ba1f109551bd432803012645ac136ddd64dba72';

const chains: WalletChain[] = [
  { id: 1, name: 'mainnet', rpcUrl: 'http://rpc/mainnet' },
  { id: 1337, name: 'ganache', rpcUrl: 'http://rpc/ganache' },
];

function memoryStore(key: Hex | null = KEY, chainId: number | null = null): WalletKeyStore {
  let current = chainId;
  return {
    getPrivateKey: () => key,
    getChainId: () => current,
    setChainId: (id) => void (current = id),
  };
}

interface Call {
  chain: string;
  method: string;
  params: readonly unknown[];
}

const BASE_FEE = 1_000_000_000n;

/** A JSON-RPC node (the gateway proxy) answering what viem asks while preparing a transaction. */
function fakeNode(options: { priorityFee?: bigint } = {}) {
  const calls: Call[] = [];
  const sentRaw: Hex[] = [];
  const rpc: RpcSender = async (chain, method, params) => {
    calls.push({ chain: chain.name, method, params });
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chain.id);
      case 'eth_getTransactionCount':
        return '0x7';
      case 'eth_estimateGas':
        return numberToHex(21000);
      case 'eth_maxPriorityFeePerGas':
        if (options.priorityFee === undefined) throw new Error('method not found');
        return numberToHex(options.priorityFee);
      case 'eth_gasPrice':
        return numberToHex(BASE_FEE + 1n);
      case 'eth_getBlockByNumber':
        return {
          number: '0x10',
          hash: keccak256(stringToHex('block')),
          baseFeePerGas: numberToHex(BASE_FEE),
          timestamp: '0x1',
          transactions: [],
        };
      case 'eth_sendRawTransaction':
        sentRaw.push(params[0] as Hex);
        return keccak256(params[0] as Hex);
      case 'eth_blockNumber':
        return '0x10';
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  return { rpc, calls, sentRaw };
}

test('without a key: no accounts, and requesting them is unauthorized (4100)', async () => {
  const provider = createBuiltInProvider({ chains, store: memoryStore(null), rpc: fakeNode().rpc });
  assert.deepEqual(await provider.request({ method: 'eth_accounts' }), []);
  assert.equal(provider.getAddress(), null);
  await assert.rejects(
    provider.request({ method: 'eth_requestAccounts' }),
    (error: unknown) => error instanceof WalletRpcError && error.code === 4100,
  );
});

test('accounts and chains', async () => {
  const store = memoryStore();
  const provider = createBuiltInProvider({ chains, store, rpc: fakeNode().rpc });
  assert.deepEqual(await provider.request({ method: 'eth_requestAccounts' }), [ACCOUNT.address]);
  assert.deepEqual(await provider.request({ method: 'eth_accounts' }), [ACCOUNT.address]);
  assert.equal(await provider.request({ method: 'eth_chainId' }), '0x1');

  const changes: string[] = [];
  provider.on('chainChanged', (chainId: never) => changes.push(chainId));
  assert.equal(
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x539' }] }),
    null,
  );
  assert.equal(await provider.request({ method: 'eth_chainId' }), '0x539');
  assert.equal(store.getChainId(), 1337);
  assert.deepEqual(changes, ['0x539']);
  await assert.rejects(
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    (error: unknown) => error instanceof WalletRpcError && error.code === 4902,
  );
});

test('personal_sign signs with the local key (a real signature)', async () => {
  const provider = createBuiltInProvider({ chains, store: memoryStore(), rpc: fakeNode().rpc });
  const message = 'metatag.example wants you to sign in with your Ethereum account';
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [stringToHex(message), ACCOUNT.address.toLowerCase()],
  })) as Hex;
  assert.ok(await verifyMessage({ address: ACCOUNT.address, message, signature }));
  await assert.rejects(
    provider.request({ method: 'personal_sign', params: [stringToHex(message), OTHER] }),
    (error: unknown) => error instanceof WalletRpcError && error.code === 4100,
  );
});

test('eth_signTypedData_v4 signs JSON typed data', async () => {
  const provider = createBuiltInProvider({ chains, store: memoryStore(), rpc: fakeNode().rpc });
  const typedData = {
    domain: { name: 'MetaTag', version: '1', chainId: 1337, verifyingContract: OTHER },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Mint: [
        { name: 'to', type: 'address' },
        { name: 'tokenId', type: 'uint256' },
      ],
    },
    primaryType: 'Mint',
    message: { to: OTHER, tokenId: '42' },
  } as const;
  const signature = (await provider.request({
    method: 'eth_signTypedData_v4',
    params: [ACCOUNT.address, JSON.stringify(typedData)],
  })) as Hex;
  assert.ok(
    await verifyTypedData({
      address: ACCOUNT.address,
      domain: typedData.domain,
      types: { Mint: typedData.types.Mint },
      primaryType: 'Mint',
      message: { to: OTHER, tokenId: 42n },
      signature,
    }),
  );
});

test('eth_sendTransaction fills nonce, gas and fees through the RPC and sends a signed raw transaction', async () => {
  const node = fakeNode({ priorityFee: 2_000_000_000n });
  const provider = createBuiltInProvider({ chains, store: memoryStore(KEY, 1337), rpc: node.rpc });
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: ACCOUNT.address.toLowerCase(), to: OTHER, value: '0x2a', data: '0x1234' }],
  });
  assert.equal(node.sentRaw.length, 1);
  const raw = node.sentRaw[0];
  assert.equal(hash, keccak256(raw));
  const tx = parseTransaction(raw);
  assert.equal(tx.chainId, 1337);
  assert.equal(tx.nonce, 7);
  assert.equal(tx.to, OTHER);
  assert.equal(tx.value, 42n);
  assert.equal(tx.data, '0x1234');
  assert.equal(tx.gas, 21000n);
  assert.equal(tx.maxPriorityFeePerGas, 2_000_000_000n);
  // Spec section 9: the max fee is 120% of the base fee (plus the priority fee).
  assert.equal(tx.maxFeePerGas, (BASE_FEE * 12n) / 10n + 2_000_000_000n);
  assert.equal(await recoverTransactionAddress({ serializedTransaction: raw as never }), ACCOUNT.address);
  assert.ok(node.calls.every((call) => call.chain === 'ganache'));
});

test('without a node estimate the priority fee defaults to 1.5 gwei', async () => {
  const node = fakeNode();
  const provider = createBuiltInProvider({ chains, store: memoryStore(), rpc: node.rpc });
  await provider.request({ method: 'eth_sendTransaction', params: [{ to: OTHER, value: '0x1' }] });
  const tx = parseTransaction(node.sentRaw[0]);
  assert.equal(tx.maxPriorityFeePerGas, DEFAULT_PRIORITY_FEE_WEI);
  assert.equal(DEFAULT_PRIORITY_FEE_WEI, 1_500_000_000n);
});

test('a transaction from another address is refused', async () => {
  const provider = createBuiltInProvider({ chains, store: memoryStore(), rpc: fakeNode().rpc });
  await assert.rejects(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: OTHER, to: OTHER }] }),
    (error: unknown) => error instanceof WalletRpcError && error.code === 4100,
  );
});

test('reads go to the current chain; unsupported wallet methods are 4200', async () => {
  const node = fakeNode();
  const provider = createBuiltInProvider({ chains, store: memoryStore(KEY, 1337), rpc: node.rpc });
  assert.equal(await provider.request({ method: 'eth_blockNumber' }), '0x10');
  assert.deepEqual(node.calls.at(-1), { chain: 'ganache', method: 'eth_blockNumber', params: [] });
  for (const method of ['eth_sign', 'wallet_addEthereumChain', 'foo_bar']) {
    await assert.rejects(
      provider.request({ method, params: [] }),
      (error: unknown) => error instanceof WalletRpcError && error.code === 4200,
      method,
    );
  }
});

test('announceAccounts tells listeners about a replaced key', async () => {
  const provider = createBuiltInProvider({ chains, store: memoryStore(), rpc: fakeNode().rpc });
  const seen: string[][] = [];
  const listener = (accounts: never) => seen.push(accounts);
  provider.on('accountsChanged', listener);
  provider.announceAccounts();
  provider.removeListener('accountsChanged', listener);
  provider.announceAccounts();
  assert.deepEqual(seen, [[ACCOUNT.address]]);
});
