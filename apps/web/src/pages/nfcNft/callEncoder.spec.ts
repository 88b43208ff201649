import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, parseAbi } from 'viem';
import { COLLECTION_FUNCTIONS, describeCall, encodeCall } from './callEncoder.js';

// The independent reference: viem's encoder fed with the human-readable signature.
const reference = parseAbi(['function setConnectToTag(uint256 tokenId, bool status)']);

test('setConnectToTag(tokenId, true) encodes as the reference ABI does and reads back', () => {
  const fn = COLLECTION_FUNCTIONS.find((f) => f.name === 'setConnectToTag')!;
  assert.ok(fn, 'the collection ABI has setConnectToTag');
  const encoded = encodeCall(fn, ['42', 'true']);
  assert.ok(encoded.ok);
  assert.equal(
    encoded.data,
    encodeFunctionData({ abi: reference, functionName: 'setConnectToTag', args: [42n, true] }),
  );
  assert.match(encoded.data, /^0x[0-9a-f]{8}/);
  const described = describeCall(encoded.data);
  assert.ok(described.ok);
  assert.match(described.text, /^setConnectToTag\(\w+: 42, \w+: true\)$/);
});

test('bad arguments and foreign data are reported, not thrown', () => {
  const fn = COLLECTION_FUNCTIONS.find((f) => f.name === 'setConnectToTag')!;
  assert.deepEqual(encodeCall(fn, ['x', 'true']).ok, false);
  assert.deepEqual(encodeCall(fn, ['1', 'yes']).ok, false);
  assert.deepEqual(describeCall('0xdeadbeef').ok, false);
  assert.deepEqual(describeCall('hello').ok, false);
});

test('only state-changing functions are offered', () => {
  assert.ok(COLLECTION_FUNCTIONS.length > 3);
  assert.ok(COLLECTION_FUNCTIONS.every((f) => f.stateMutability !== 'view' && f.stateMutability !== 'pure'));
});
