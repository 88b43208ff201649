import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  EstimateGasExecutionError,
  ExecutionRevertedError,
  RpcRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
  encodeErrorResult,
  type Address,
  type Hex,
} from 'viem';
import { collectionAbi, libraryAddressLocatorAbi } from '@metatag/contracts';
import { REJECTED_IN_WALLET, describeChainError } from './chainErrors.js';

// The chip page's readings (texts alone)
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

// The admin area's readings (with the error's name and arguments)
const ACCOUNT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
/** The admin area's reading: the text, the error's name and its arguments. */
const ADMIN = { details: true };
const ownable = encodeErrorResult({
  abi: libraryAddressLocatorAbi,
  errorName: 'OwnableUnauthorizedAccount',
  args: [ACCOUNT],
});

test('a rejection in the wallet, however wrapped', () => {
  const rejected = new UserRejectedRequestError(new Error('User denied transaction signature.'));
  assert.equal(describeChainError(rejected), REJECTED_IN_WALLET);
  assert.equal(
    describeChainError(new TransactionExecutionError(rejected, { account: null, chain: undefined })),
    REJECTED_IN_WALLET,
  );
  // an EIP-1193 provider error, not a viem one
  assert.equal(
    describeChainError(Object.assign(new Error('User rejected'), { code: 4001 })),
    REJECTED_IN_WALLET,
  );
});

test('revert data anywhere in the causes is decoded with our ABIs: text, name and arguments', () => {
  const rpc = new RpcRequestError({
    body: {},
    url: 'http://x',
    error: { code: 3, message: 'execution reverted', data: ownable },
  });
  const wrapped = new EstimateGasExecutionError(new ExecutionRevertedError({ cause: rpc }), {});
  assert.equal(
    describeChainError(wrapped, ADMIN),
    `Only the contract's owner can do this (OwnableUnauthorizedAccount(account ${ACCOUNT}))`,
  );
  assert.equal(describeChainError(wrapped), "Only the contract's owner can do this");
});

test('the doubled "Execution reverted with reason: ... custom error 0x…" of a node is decoded once', () => {
  const raw = `Execution reverted with reason: Execution reverted with reason: custom error 0x118cdaa7: ${ownable.slice(10)}.`;
  const text = describeChainError(new Error(raw), ADMIN);
  assert.equal(
    text,
    `Only the contract's owner can do this (OwnableUnauthorizedAccount(account ${ACCOUNT}))`,
  );
  assert.doesNotMatch(text, /Execution reverted|0x118cdaa7/);
});

test('viem’s own decoding of a contract call names the error and its arguments', () => {
  const data = encodeErrorResult({ abi: collectionAbi, errorName: 'TokenAlreadyMinted', args: [7n] }) as Hex;
  const reverted = new ContractFunctionRevertedError({ abi: collectionAbi, data, functionName: 'mint' });
  const error = new ContractFunctionExecutionError(reverted, {
    abi: collectionAbi,
    functionName: 'mint',
    args: [ACCOUNT, 7n],
  });
  assert.equal(
    describeChainError(error, ADMIN),
    'This token was minted already (TokenAlreadyMinted(tokenId 7))',
  );
});

test('a reason string, an unknown custom error and plain failures stay readable', () => {
  const reason = encodeErrorResult({
    abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }],
    errorName: 'Error',
    args: ['no way'],
  });
  assert.equal(describeChainError(Object.assign(new Error('x'), { data: reason })), 'no way');
  assert.equal(
    describeChainError(new Error('execution reverted: custom error 0xdeadbeef: 00'), ADMIN),
    'The contract refused the transaction (0xdeadbeef)',
  );
  assert.equal(
    describeChainError(new Error('Execution reverted with reason: execution reverted: sold out')),
    'The contract refused: sold out',
  );
  assert.equal(describeChainError(new Error('HTTP request failed.\nURL: x')), 'HTTP request failed.');
  assert.equal(describeChainError(undefined), 'The transaction failed');
});
