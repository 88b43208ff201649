import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeDeployData,
  decodeFunctionData,
  getAddress,
  hashTypedData,
  keccak256,
  recoverAddress,
  toHex,
  type Address,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  encodeTagRelayerExecute,
  hashTagRelayerAuthorization,
  recoverTagRelayerAuthorizationSigner,
  signTagRelayerAuthorization,
  tagRelayerAbi,
  tagRelayerAuthorizationTypedData,
  tagRelayerBytecode,
  tagRelayerDeployData,
  tagRelayerDomain,
  type TagRelayerAuthorization,
} from './index.js';

const relayer: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const where = { chainId: 1337, relayer };
const authorization: TagRelayerAuthorization = {
  scanId: keccak256(toHex('scan')),
  target: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  data: '0xa9059cbb00',
  value: 10n ** 15n,
  deadline: 1_900_000_000n,
};

test('the domain binds the chain id and the relayer contract', () => {
  assert.deepEqual(tagRelayerDomain(where), {
    name: 'MetaTag TagRelayer',
    version: '1',
    chainId: 1337,
    verifyingContract: relayer,
  });
  const digest = hashTagRelayerAuthorization(where, authorization);
  assert.equal(digest, hashTypedData(tagRelayerAuthorizationTypedData(where, authorization)));
  assert.notEqual(digest, hashTagRelayerAuthorization({ ...where, chainId: 1 }, authorization));
  assert.notEqual(
    digest,
    hashTagRelayerAuthorization({ ...where, relayer: authorization.target }, authorization),
  );
});

test('every field of the authorization is in the digest', () => {
  const digest = hashTagRelayerAuthorization(where, authorization);
  const changes: Partial<TagRelayerAuthorization>[] = [
    { scanId: keccak256(toHex('other scan')) },
    { target: relayer },
    { data: '0xa9059cbb01' },
    { data: '0xa9059cbb' },
    { value: authorization.value + 1n },
    { deadline: authorization.deadline + 1n },
  ];
  for (const change of changes) {
    assert.notEqual(
      hashTagRelayerAuthorization(where, { ...authorization, ...change }),
      digest,
      Object.keys(change).join(),
    );
  }
});

test('a signed authorization recovers to its signer, for random signers', async () => {
  for (let i = 0; i < 5; i++) {
    const signer = privateKeyToAccount(generatePrivateKey());
    const a = { ...authorization, deadline: authorization.deadline + BigInt(i) };
    const signature = await signTagRelayerAuthorization(signer, where, a);
    assert.match(signature, /^0x[0-9a-f]{130}$/);
    assert.equal(await recoverTagRelayerAuthorizationSigner(where, a, signature), signer.address);
    assert.equal(
      await recoverAddress({ hash: hashTagRelayerAuthorization(where, a), signature }),
      signer.address,
    );
    assert.notEqual(
      await recoverTagRelayerAuthorizationSigner(where, { ...a, value: 0n }, signature),
      signer.address,
    );
  }
});

test('execute call data carries the authorization and the signature', async () => {
  const signer = privateKeyToAccount(generatePrivateKey());
  const signature = await signTagRelayerAuthorization(signer, where, authorization);
  const decoded = decodeFunctionData({
    abi: tagRelayerAbi,
    data: encodeTagRelayerExecute(authorization, signature),
  });
  assert.equal(decoded.functionName, 'execute');
  assert.deepEqual(decoded.args, [
    getAddress(authorization.target),
    authorization.data,
    authorization.value,
    authorization.deadline,
    authorization.scanId,
    signature,
  ]);
});

test('TagRelayer deploy data is its bytecode followed by the authorizer', () => {
  const authorizer = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
  const { data } = tagRelayerDeployData(authorizer);
  assert.ok(data.startsWith(tagRelayerBytecode));
  const decoded = decodeDeployData({ abi: tagRelayerAbi, bytecode: tagRelayerBytecode, data });
  assert.deepEqual(decoded.args, [getAddress(authorizer)]);
  assert.throws(() => tagRelayerDeployData('0x123'), TypeError);
});
