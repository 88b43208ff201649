import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineChain, numberToHex, verifyMessage, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createConfig, createStorage, custom } from 'wagmi';
import { connect, disconnect, getAccount, reconnect, signMessage, switchChain } from 'wagmi/actions';
import { BUILT_IN_WALLET_ID, builtInWallet } from './builtInConnector.js';
import { createBuiltInProvider, type RpcSender, type WalletKeyStore } from './builtInProvider.js';

const chainA = defineChain({
  id: 1,
  name: 'mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://rpc/mainnet'] } },
});
const chainB = defineChain({
  ...chainA,
  id: 1337,
  name: 'ganache',
  rpcUrls: { default: { http: ['http://rpc/ganache'] } },
});

function setup(initialKey: Hex | null) {
  let key = initialKey;
  let chainId: number | null = null;
  const store: WalletKeyStore & { setKey(next: Hex): void } = {
    getPrivateKey: () => key,
    getChainId: () => chainId,
    setChainId: (id) => void (chainId = id),
    setKey: (next) => void (key = next),
  };
  const rpc: RpcSender = async (chain, method) => {
    if (method === 'eth_chainId') return numberToHex(chain.id);
    throw new Error(`unexpected ${method}`);
  };
  const provider = createBuiltInProvider({
    chains: [
      { id: chainA.id, name: 'mainnet', rpcUrl: 'http://rpc/mainnet' },
      { id: chainB.id, name: 'ganache', rpcUrl: 'http://rpc/ganache' },
    ],
    store,
    rpc,
  });
  const memory = new Map<string, string>();
  const config = createConfig({
    chains: [chainA, chainB],
    connectors: [builtInWallet(provider)],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({
      storage: {
        getItem: (name) => memory.get(name) ?? null,
        setItem: (name, value) => void memory.set(name, value),
        removeItem: (name) => void memory.delete(name),
      },
    }),
    transports: {
      [chainA.id]: custom({
        request: ({ method }) => rpc({ id: 1, name: 'mainnet', rpcUrl: '' }, method, []),
      }),
      [chainB.id]: custom({
        request: ({ method }) => rpc({ id: 1337, name: 'ganache', rpcUrl: '' }, method, []),
      }),
    },
  });
  const connector = config.connectors.find((item) => item.id === BUILT_IN_WALLET_ID);
  assert.ok(connector);
  return { config, connector, store, provider };
}

test('wagmi connects the built-in wallet on the requested chain and signs with it', async () => {
  const key = generatePrivateKey();
  const { config, connector } = setup(key);
  const address = privateKeyToAccount(key).address;
  assert.equal(await connector.isAuthorized(), true);

  const result = await connect(config, { connector, chainId: chainB.id });
  assert.deepEqual(result, { accounts: [address], chainId: chainB.id });
  const account = getAccount(config);
  assert.equal(account.status, 'connected');
  assert.equal(account.address, address);
  assert.equal(account.chainId, chainB.id);

  const signature = await signMessage(config, { connector, account: address, message: 'sign in' });
  assert.ok(await verifyMessage({ address, message: 'sign in', signature }));

  await switchChain(config, { chainId: chainA.id });
  assert.equal(getAccount(config).chainId, chainA.id);
});

test('a new key replaces the connected account', async () => {
  const { config, connector, store, provider } = setup(generatePrivateKey());
  await connect(config, { connector });
  const next = generatePrivateKey();
  store.setKey(next);
  provider.announceAccounts();
  assert.equal(getAccount(config).address, privateKeyToAccount(next).address);
});

test('no key: not authorized and connecting fails; disconnect stops reconnects', async () => {
  const empty = setup(null);
  assert.equal(await empty.connector.isAuthorized(), false);
  await assert.rejects(connect(empty.config, { connector: empty.connector }));
  assert.equal(getAccount(empty.config).status, 'disconnected');

  const { config, connector } = setup(generatePrivateKey());
  await connect(config, { connector });
  await disconnect(config, { connector });
  assert.equal(getAccount(config).status, 'disconnected');
  assert.equal(await connector.isAuthorized(), false);
  assert.deepEqual(await reconnect(config), []);
  // Connecting again clears the disconnected mark: it reconnects after a reload.
  await connect(config, { connector });
  assert.equal(await connector.isAuthorized(), true);
});
