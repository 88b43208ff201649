import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeFunctionData, parseAbi, type Hex } from 'viem';
import { AA_ADDRESSES } from '@metatag/contracts';
import type { UserOperationJson } from '@metatag/events';
import { addedOwner, sponsoredAction, sponsoredGas, SponsorRefusal, SPONSOR_CAPS } from './sponsor.rules.js';

const collection = '0x1111111111111111111111111111111111111111';
const sender = '0x2222222222222222222222222222222222222222';
const wallet = '0x3333333333333333333333333333333333333333';
const target = { collection, tokenId: 7n };
const module = parseAbi([
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
]);
const token = parseAbi([
  'function disallowTokenTransfers(uint256 tokenId)',
  'function allowTokenTransfers(uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function approve(address to, uint256 tokenId)',
  'function transferSigned(uint8 v, bytes32 r, bytes32 s, address to, uint256 tokenId, uint256 deadline)',
]);
const R = `0x${'ab'.repeat(32)}` as Hex;
const claimData = (to: string, id = 7n) =>
  encodeFunctionData({ abi: token, functionName: 'transferSigned', args: [27, R, R, to as Hex, id, 99n] });

const op = (callData: Hex, extra: Partial<UserOperationJson> = {}): UserOperationJson => ({
  sender,
  nonce: '0x0',
  callData,
  callGasLimit: '0x10000',
  verificationGasLimit: '0x10000',
  preVerificationGas: '0x10000',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
  ...extra,
});
const call = (
  to: string,
  data: Hex,
  value = 0n,
  operation = 0,
  fn: 'executeUserOp' | 'executeUserOpWithErrorString' = 'executeUserOpWithErrorString',
) => encodeFunctionData({ abi: module, functionName: fn, args: [to as Hex, value, data, operation] });
const lock = (id = 7n) =>
  encodeFunctionData({ abi: token, functionName: 'disallowTokenTransfers', args: [id] });
const refused = (fn: () => unknown, reason: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof SponsorRefusal && reason.test(e.message));

test('lock, unlock and transfer out of the token, through either module entry, are sponsored', () => {
  assert.equal(sponsoredAction(op(call(collection, lock())), target), 'lock');
  assert.equal(sponsoredAction(op(call(collection, lock(), 0n, 0, 'executeUserOp')), target), 'lock');
  const unlock = encodeFunctionData({ abi: token, functionName: 'allowTokenTransfers', args: [7n] });
  assert.equal(
    sponsoredAction(op(call(collection.toUpperCase().replace('0X', '0x'), unlock)), target),
    'unlock',
  );
  const out = encodeFunctionData({
    abi: token,
    functionName: 'safeTransferFrom',
    args: [sender, wallet, 7n],
  });
  assert.equal(sponsoredAction(op(call(collection, out)), target), 'transfer');
  // a first operation deploys the account through our factory
  assert.equal(
    sponsoredAction(
      op(call(collection, lock()), { factory: AA_ADDRESSES.safeProxyFactory, factoryData: '0x' }),
      target,
    ),
    'lock',
  );
});

test('Claim Ownership: the transfer voucher of this token into the account itself is sponsored, nothing else', () => {
  assert.equal(sponsoredAction(op(call(collection, claimData(sender))), target), 'claim');
  refused(() => sponsoredAction(op(call(collection, claimData(wallet))), target), /into the account itself/);
  refused(() => sponsoredAction(op(call(collection, claimData(sender, 8n))), target), /this chip’s token/);
  // the same claim call into another collection
  refused(() => sponsoredAction(op(call(wallet, claimData(sender))), target), /own collection/);
});

test('anything else is refused with its reason', () => {
  refused(() => sponsoredAction(op(call(wallet, lock())), target), /own collection/);
  refused(() => sponsoredAction(op(call(collection, lock(), 1n)), target), /without value/);
  refused(() => sponsoredAction(op(call(collection, lock(), 0n, 1)), target), /without value/);
  refused(() => sponsoredAction(op(call(collection, lock(8n))), target), /this chip’s token/);
  const approve = encodeFunctionData({ abi: token, functionName: 'approve', args: [wallet, 7n] });
  refused(() => sponsoredAction(op(call(collection, approve)), target), /lock, unlock, transfer and claim/);
  const theft = encodeFunctionData({
    abi: token,
    functionName: 'safeTransferFrom',
    args: [wallet, sender, 7n],
  });
  refused(() => sponsoredAction(op(call(collection, theft)), target), /out of the account/);
  refused(() => sponsoredAction(op('0xdeadbeef'), target), /single call/);
  refused(
    () => sponsoredAction(op(call(collection, lock()), { factory: wallet, factoryData: '0x' }), target),
    /passkey accounts of this service/,
  );
});

test('gas within the caps counts with the paymaster’s verification; above them is refused', () => {
  assert.equal(sponsoredGas(op('0x')), 3n * 0x10000n + SPONSOR_CAPS.paymasterVerificationGasLimit);
  refused(
    () => sponsoredGas(op('0x', { callGasLimit: `0x${(SPONSOR_CAPS.callGasLimit + 1n).toString(16)}` })),
    /more gas/,
  );
  refused(
    () =>
      sponsoredGas(
        op('0x', { verificationGasLimit: `0x${(SPONSOR_CAPS.verificationGasLimit + 1n).toString(16)}` }),
      ),
    /more gas/,
  );
});

const safe = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function changeThreshold(uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function enableModule(address module)',
]);
const addOwner = (owner: string, threshold = 1n) =>
  encodeFunctionData({ abi: safe, functionName: 'addOwnerWithThreshold', args: [owner as Hex, threshold] });

test('a recovery wallet as second owner: exactly addOwnerWithThreshold(wallet, 1) on the sender itself', () => {
  assert.equal(sponsoredAction(op(call(sender, addOwner(wallet))), target), 'addOwner');
  assert.equal(
    sponsoredAction(op(call(sender.toUpperCase().replace('0X', '0x'), addOwner(wallet))), target),
    'addOwner',
  );
  assert.equal(addedOwner(op(call(sender, addOwner(wallet.toUpperCase().replace('0X', '0x'))))), wallet);
  // deploying the account in the same operation, through our factory
  assert.equal(
    sponsoredAction(
      op(call(sender, addOwner(wallet)), { factory: AA_ADDRESSES.safeProxyFactory, factoryData: '0x' }),
      target,
    ),
    'addOwner',
  );
});

test('anything else on the Safe itself, or an add into another Safe, is refused', () => {
  refused(() => sponsoredAction(op(call(sender, addOwner(wallet, 2n))), target), /threshold 1/);
  refused(() => sponsoredAction(op(call(sender, addOwner(wallet, 0n))), target), /threshold 1/);
  for (const owner of [
    '0x0000000000000000000000000000000000000000',
    '0x0000000000000000000000000000000000000001',
    sender,
  ])
    refused(() => sponsoredAction(op(call(sender, addOwner(owner))), target), /another ordinary address/);
  const threshold = encodeFunctionData({ abi: safe, functionName: 'changeThreshold', args: [1n] });
  refused(() => sponsoredAction(op(call(sender, threshold)), target), /recovery wallet/);
  const remove = encodeFunctionData({
    abi: safe,
    functionName: 'removeOwner',
    args: ['0x0000000000000000000000000000000000000001', wallet, 1n],
  });
  refused(() => sponsoredAction(op(call(sender, remove)), target), /recovery wallet/);
  const module = encodeFunctionData({ abi: safe, functionName: 'enableModule', args: [wallet] });
  refused(() => sponsoredAction(op(call(sender, module)), target), /recovery wallet/);
  // with value or as a delegatecall
  refused(() => sponsoredAction(op(call(sender, addOwner(wallet), 1n)), target), /without value/);
  refused(() => sponsoredAction(op(call(sender, addOwner(wallet), 0n, 1)), target), /without value/);
  // the same add sent to another Safe (or the collection): not the sender itself
  const otherSafe = '0x4444444444444444444444444444444444444444';
  refused(() => sponsoredAction(op(call(otherSafe, addOwner(wallet))), target), /own collection/);
  refused(() => sponsoredAction(op(call(collection, addOwner(wallet))), target), /lock, unlock, transfer/);
});
