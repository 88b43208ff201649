import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REPLACE_WALLET_QUESTION, replaceQuestion } from './replaceQuestion.js';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

test('an empty, unused wallet gets the plain question', () => {
  assert.equal(
    replaceQuestion('ganache', { address, balance: 0n, transactions: 0, tokens: 0n }),
    REPLACE_WALLET_QUESTION,
  );
});

test('funds, tokens and transactions are named, with the way to keep the key', () => {
  const text = replaceQuestion('ganache', {
    address,
    balance: 1_500_000_000_000_000_000n,
    transactions: 3,
    tokens: 2n,
  });
  assert.equal(
    text,
    'The built-in wallet 0x7099…79C8 holds 1.5 ETH and 2 tokens of the default collection on ganache and has sent 3 transactions (it may own tokens). Creating a new wallet deletes its key from this browser: export it first (KEY in the header). Delete it and create a new wallet?',
  );
  assert.match(
    replaceQuestion('ganache', { address, balance: 0n, transactions: 1 }),
    /holds no ETH on ganache and has sent 1 transaction \(/,
  );
});

test('a balance that cannot be read is a warning too', () => {
  assert.match(replaceQuestion('mainnet', { address }), /could not be read, it may hold funds or tokens/);
});
