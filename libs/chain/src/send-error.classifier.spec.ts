import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeErrorResult, HttpRequestError, InternalRpcError, RpcRequestError, TimeoutError } from 'viem';
import { classifySendError, shortReason } from './send-error.classifier.js';
import { isRevert, revertReason } from './revert.js';

const rpc = (message: string, code = -32000) =>
  new RpcRequestError({ body: {}, url: 'http://node', error: { code, message } });

test('node messages map to what the sender must do', () => {
  const cases: [string, ReturnType<typeof classifySendError>][] = [
    ['already known', 'already-known'],
    ['transaction already imported', 'already-known'],
    ['nonce too low: next nonce 5, tx nonce 3', 'nonce-too-low'],
    ['OldNonce', 'nonce-too-low'],
    ['replacement transaction underpriced', 'replacement-underpriced'],
    ['transaction underpriced', 'underpriced'],
    ['max fee per gas less than block base fee: address 0x.., maxFeePerGas: 1 baseFee: 2', 'underpriced'],
    ['insufficient funds for gas * price + value', 'insufficient-funds'],
    ['intrinsic gas too low', 'rejected'],
    ['exceeds block gas limit', 'rejected'],
    ['oversized data', 'rejected'],
    ['something nobody has seen', 'transient'],
  ];
  for (const [message, kind] of cases) assert.equal(classifySendError(rpc(message)), kind, message);
  assert.equal(classifySendError(new InternalRpcError(new Error('nonce too low'))), 'nonce-too-low');
});

test('no answer from the node is transient', () => {
  assert.equal(classifySendError(new TimeoutError({ body: {}, url: 'http://node' })), 'transient');
  assert.equal(
    classifySendError(new HttpRequestError({ url: 'http://node', status: 502, details: 'nonce too low' })),
    'transient',
    'a proxy error page says nothing about the transaction',
  );
  assert.equal(classifySendError(new Error('fetch failed')), 'transient');
});

test('reverts are told apart from node trouble', () => {
  assert.ok(isRevert(rpc('execution reverted', 3)));
  assert.ok(isRevert(new Error('execution reverted: custom error 0x1234abcd')));
  assert.ok(!isRevert(new TimeoutError({ body: {}, url: 'http://node' })));
  assert.ok(!isRevert(rpc('insufficient funds for gas * price + value')));
});

test('a custom error is decoded with the ABI that declares it', () => {
  const abi = [
    { type: 'error', name: 'TokenAlreadyMinted', inputs: [{ name: 'tokenId', type: 'uint256' }] },
  ] as const;
  const revert = (data: string) =>
    new RpcRequestError({
      body: {},
      url: 'http://node',
      error: { code: 3, message: 'execution reverted', data },
    });
  const data = encodeErrorResult({ abi, errorName: 'TokenAlreadyMinted', args: [5n] });
  assert.equal(revertReason(revert(data), abi), 'reverted: TokenAlreadyMinted(5)');
  // An unknown selector falls back to the node's text.
  assert.match(revertReason(revert('0xdeadbeef'), abi), /execution reverted/);
  assert.equal(shortReason(new Error('  a\n  b ')), 'a b');
});
