import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goerli, mainnet, polygon } from 'viem/chains';
import {
  CHAIN_IDS,
  availableChains,
  chainFromPath,
  chainNameById,
  isChainName,
  nextChain,
  rewriteChainInPath,
  type ChainName,
} from './chains.js';

test('chain ids match the spec and viem', () => {
  assert.deepEqual(CHAIN_IDS, { mainnet: 1, goerli: 5, polygon: 137, ganache: 1337 });
  assert.equal(CHAIN_IDS.mainnet, mainnet.id);
  assert.equal(CHAIN_IDS.goerli, goerli.id);
  assert.equal(CHAIN_IDS.polygon, polygon.id);
});

test('isChainName accepts only the four interface chains', () => {
  for (const name of ['mainnet', 'goerli', 'polygon', 'ganache']) assert.ok(isChainName(name));
  for (const name of ['tag', 'admin', 'rinkeby', 'toString', 'constructor', '', undefined, null]) {
    assert.equal(isChainName(name), false, String(name));
  }
});

test('ganache is offered only on localhost and 127.0.0.1', () => {
  assert.deepEqual(availableChains('localhost'), ['mainnet', 'goerli', 'polygon', 'ganache']);
  assert.deepEqual(availableChains('127.0.0.1'), ['mainnet', 'goerli', 'polygon', 'ganache']);
  assert.deepEqual(availableChains('metatag.example'), ['mainnet', 'goerli', 'polygon']);
  assert.deepEqual(availableChains('localhost.example'), ['mainnet', 'goerli', 'polygon']);
});

test('nextChain cycles through ganache on a local host', () => {
  const seen: ChainName[] = [];
  let chain: ChainName = 'mainnet';
  for (let i = 0; i < 5; i++) {
    chain = nextChain(chain, 'localhost');
    seen.push(chain);
  }
  assert.deepEqual(seen, ['goerli', 'polygon', 'ganache', 'mainnet', 'goerli']);
  assert.equal(nextChain('polygon', '127.0.0.1'), 'ganache');
});

test('nextChain skips ganache elsewhere', () => {
  assert.equal(nextChain('mainnet', 'metatag.example'), 'goerli');
  assert.equal(nextChain('goerli', 'metatag.example'), 'polygon');
  assert.equal(nextChain('polygon', 'metatag.example'), 'mainnet');
  assert.equal(nextChain('ganache', 'metatag.example'), 'mainnet');
});

test('chainFromPath reads the first segment (the third in /user/{user}/{chain}/...)', () => {
  assert.equal(chainFromPath('/mainnet/admin/login'), 'mainnet');
  assert.equal(chainFromPath('/polygon'), 'polygon');
  assert.equal(chainFromPath('/goerli?x=1'), 'goerli');
  assert.equal(chainFromPath('/tag/x'), null);
  assert.equal(chainFromPath('/user/7/polygon/admin/panel/nfts'), 'polygon');
  assert.equal(chainFromPath('/user/7/nochain/admin'), null);
  assert.equal(chainFromPath('/user//mainnet/admin'), null);
  assert.equal(chainFromPath('/users/7/mainnet/admin'), null);
  assert.equal(chainFromPath('/'), null);
  assert.equal(chainFromPath('/mainnetx/admin'), null);
});

test('rewriteChainInPath replaces the first segment and keeps the rest', () => {
  assert.equal(rewriteChainInPath('/mainnet/admin/login', 'goerli'), '/goerli/admin/login');
  assert.equal(
    rewriteChainInPath('/polygon/admin/collection/0xabc/nfts?tab=2&x=mainnet#top', 'ganache'),
    '/ganache/admin/collection/0xabc/nfts?tab=2&x=mainnet#top',
  );
  assert.equal(rewriteChainInPath('/goerli', 'polygon'), '/polygon');
  assert.equal(rewriteChainInPath('/goerli/', 'polygon'), '/polygon/');
  assert.equal(rewriteChainInPath('/goerli?auth=1', 'mainnet'), '/mainnet?auth=1');
  assert.equal(rewriteChainInPath('/mainnet/limited/mainnet', 'goerli'), '/goerli/limited/mainnet');
  assert.equal(
    rewriteChainInPath('/user/7/goerli/admin/panel/nfts?x=1', 'polygon'),
    '/user/7/polygon/admin/panel/nfts?x=1',
  );
});

test('rewriteChainInPath leaves paths without a chain segment alone', () => {
  assert.equal(rewriteChainInPath('/tag/x?auth=abc', 'goerli'), '/tag/x?auth=abc');
  assert.equal(rewriteChainInPath('/', 'goerli'), '/');
  assert.equal(rewriteChainInPath('mainnet/admin', 'goerli'), 'mainnet/admin');
});

test('chainNameById maps the interface chain ids', () => {
  assert.equal(chainNameById(1), 'mainnet');
  assert.equal(chainNameById(5), 'goerli');
  assert.equal(chainNameById(137), 'polygon');
  assert.equal(chainNameById(1337), 'ganache');
  assert.equal(chainNameById(4), null);
});
