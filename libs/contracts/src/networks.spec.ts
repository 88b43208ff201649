import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addressExplorerUrl,
  chainIdOf,
  chainIds,
  chainNameOf,
  chainNames,
  interfaceChains,
  isChainName,
  networkTable,
  openseaTokenUrl,
  openseaUserUrl,
  tokenExplorerUrl,
  txExplorerUrl,
} from './index.js';

const locator = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const user = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const relayer = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

test('chain names map to the spec chain ids and back', () => {
  assert.deepEqual(chainIds, {
    mainnet: 1,
    goerli: 5,
    rinkeby: 4,
    mumbai: 80001,
    polygon: 137,
    sepolia: 11155111,
    ganache: 1337,
  });
  for (const name of chainNames) assert.equal(chainNameOf(chainIdOf(name)), name);
  assert.equal(chainNameOf(31337), undefined);
  assert.equal(isChainName('polygon'), true);
  assert.equal(isChainName('toString'), false);
  assert.deepEqual([...interfaceChains], ['mainnet', 'goerli', 'polygon', 'ganache']);
});

test('the network table has every field for every chain, with RPC URLs, locators and relayers from config', () => {
  const table = networkTable({
    rpcUrls: { mainnet: 'https://rpc.example/1', ganache: 'http://127.0.0.1:8545' },
    libraryAddressLocators: { ganache: locator },
    tagRelayers: { ganache: relayer },
  });
  assert.deepEqual(Object.keys(table).sort(), [...chainNames].sort());
  assert.deepEqual(table.mainnet, {
    tx_explorer: 'https://etherscan.io/tx/',
    address_explorer: 'https://etherscan.io/address/',
    library_address_locator: '',
    token_explorer: 'https://etherscan.io/token/',
    token_explorer_opensea: 'https://opensea.io/assets/ethereum/',
    token_explorer_opensea_user: 'https://opensea.io/',
    relayer: '',
    address: 'https://rpc.example/1',
    chainId: 1,
    chainIdHex: '0x1',
  });
  assert.deepEqual(table.ganache, {
    tx_explorer: '',
    address_explorer: '',
    library_address_locator: locator,
    token_explorer: '',
    token_explorer_opensea: '',
    token_explorer_opensea_user: '',
    relayer,
    address: 'http://127.0.0.1:8545',
    chainId: 1337,
    chainIdHex: '0x539',
  });
  assert.equal(table.polygon.tx_explorer, 'https://polygonscan.com/tx/');
  assert.equal(table.polygon.token_explorer_opensea, 'https://opensea.io/assets/matic/');
  assert.equal(table.mumbai.chainIdHex, '0x13881');
  assert.equal(table.sepolia.chainIdHex, '0xaa36a7');
  assert.equal(table.goerli.address, '');
  assert.equal(table.rinkeby.address_explorer, 'https://rinkeby.etherscan.io/address/');
});

test('explorer links, and none on a chain without an explorer', () => {
  const { mainnet, ganache } = networkTable({ rpcUrls: {} });
  assert.equal(txExplorerUrl(mainnet, '0xabc'), 'https://etherscan.io/tx/0xabc');
  assert.equal(addressExplorerUrl(mainnet, user), `https://etherscan.io/address/${user}`);
  assert.equal(tokenExplorerUrl(mainnet, locator, 7n), `https://etherscan.io/token/${locator}?a=7`);
  assert.equal(openseaTokenUrl(mainnet, locator, 7n), `https://opensea.io/assets/ethereum/${locator}/7`);
  assert.equal(openseaUserUrl(mainnet, user), `https://opensea.io/${user}`);
  assert.equal(txExplorerUrl(ganache, '0xabc'), undefined);
  assert.equal(addressExplorerUrl(ganache, user), undefined);
  assert.equal(tokenExplorerUrl(ganache, locator, 7n), undefined);
  assert.equal(openseaTokenUrl(ganache, locator, 7n), undefined);
  assert.equal(openseaUserUrl(ganache, user), undefined);
});
