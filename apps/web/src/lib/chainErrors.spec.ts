import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  RpcRequestError,
  UserRejectedRequestError,
  encodeErrorResult,
  type Address,
} from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { describeChainError, REJECTED_IN_WALLET } from './chainErrors.js';

const who: Address = '0x1111111111111111111111111111111111111111';
const notOwner = encodeErrorResult({ abi: collectionAbi, errorName: 'NotTokenOwner', args: [who, 7n] });
const lockTexts = { texts: { NotTokenOwner: 'Only owner can lock/unlock' } };

test('the encoded NotTokenOwner error is the selector the issue saw on the page', () => {
  assert.equal(notOwner.slice(0, 10), '0x58a5e222');
});

test("viem's decoded revert, raw RPC revert data and a node's 'custom error' text all read the same", () => {
  const decoded = new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({
      abi: collectionAbi,
      data: notOwner,
      functionName: 'disallowTokenTransfers',
    }),
    { abi: collectionAbi, functionName: 'disallowTokenTransfers', args: [7n] },
  );
  assert.equal(describeChainError(decoded, lockTexts), 'Only owner can lock/unlock');
  assert.equal(describeChainError(decoded), 'Only the token owner can do this');

  const rpc = new RpcRequestError({
    body: {},
    url: 'http://localhost/json/rpc/ganache',
    error: { code: 3, message: 'execution reverted', data: notOwner },
  });
  assert.equal(describeChainError(rpc, lockTexts), 'Only owner can lock/unlock');

  const text = new Error(`execution reverted: custom error 0x58a5e222: ${notOwner.slice(10)}`);
  assert.equal(describeChainError(text, lockTexts), 'Only owner can lock/unlock');
  assert.equal(
    describeChainError(new Error('execution reverted: custom error 0xdeadbeef: 00')),
    'The contract refused the transaction',
    'never raw bytes',
  );
});

test('other custom errors get readable texts; a rejection in the wallet says so', () => {
  const locked = encodeErrorResult({ abi: collectionAbi, errorName: 'TokenLocked', args: [1n] });
  assert.equal(describeChainError({ data: locked }), 'Item is locked by the owner');
  const expired = encodeErrorResult({ abi: collectionAbi, errorName: 'AuthorizationExpired', args: [1n] });
  assert.equal(
    describeChainError({ cause: { data: { data: expired } } }),
    'The authorization expired. Scan again',
  );
  assert.equal(
    describeChainError(new UserRejectedRequestError(new Error('User denied'))),
    REJECTED_IN_WALLET,
  );
  assert.equal(describeChainError({ code: 4001, message: 'User rejected the request.' }), REJECTED_IN_WALLET);
  assert.equal(describeChainError(new Error('network down\nRequest Arguments: …')), 'network down');
  assert.equal(describeChainError(undefined), 'The transaction failed');
});
