import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashTypedData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  attachCollectionDigest,
  attachCollectionTypedData,
  domainSeparator,
  encodeType,
  hashStruct,
  isLiveDeadline,
  linkWalletDigest,
  linkWalletTypedData,
  recoverAttachCollectionSigner,
  recoverLinkWalletSigner,
  typedDataDigest,
} from './index.js';

// Our EIP-712 hashing against the EIP's published example and against viem's hashTypedData (an
// independent implementation); signatures made by viem from real keys recover to their signer.

// EIP-712 "Example" (eips.ethereum.org/EIPS/eip-712, assets/eip-712/Example.js) and its published
// values: encodeType, the domain separator, hashStruct(message) and the digest.
const mailTypes = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallet', type: 'address' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person' },
    { name: 'contents', type: 'string' },
  ],
} as const;
const mailDomain = {
  name: 'Ether Mail',
  version: '1',
  chainId: 1,
  verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
} as const;
const mail = {
  from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
  to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
  contents: 'Hello, Bob!',
};

test("the EIP's own example: type encoding, domain separator, struct hash and digest", () => {
  assert.equal(
    encodeType('Mail', mailTypes),
    'Mail(Person from,Person to,string contents)Person(string name,address wallet)',
  );
  assert.equal(
    domainSeparator(mailDomain),
    '0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f',
  );
  assert.equal(
    hashStruct('Mail', mail, mailTypes),
    '0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e',
  );
  assert.equal(
    typedDataDigest(mailDomain, 'Mail', mailTypes, mail),
    '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2',
  );
});

const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

test('our digests of the account proofs equal viem hashTypedData, for random inputs', () => {
  for (let i = 0; i < 25; i++) {
    const chainId = [1, 5, 137, 1337][i % 4];
    const account = 1 + Math.floor(Math.random() * 2_000_000_000);
    const deadline = BigInt(1_800_000_000 + i * 977);
    const link = { chainId, account, wallet: randomAddress(), deadline };
    assert.equal(linkWalletDigest(link), hashTypedData(linkWalletTypedData(link)));
    const attach = { chainId, account, collection: randomAddress().toLowerCase(), deadline };
    assert.equal(attachCollectionDigest(attach), hashTypedData(attachCollectionTypedData(attach)));
  }
});

test('a proof signed by viem from a real key recovers to that key; any change of a field does not', async () => {
  const owner = privateKeyToAccount(generatePrivateKey());
  const attach = { chainId: 1337, account: 42, collection: randomAddress(), deadline: 1_900_000_000n };
  const signature: Hex = await owner.signTypedData(attachCollectionTypedData(attach));
  assert.equal(await recoverAttachCollectionSigner(attach, signature), owner.address.toLowerCase());
  for (const changed of [
    { ...attach, account: 43 },
    { ...attach, chainId: 1 },
    { ...attach, collection: randomAddress() },
    { ...attach, deadline: attach.deadline + 1n },
  ])
    assert.notEqual(await recoverAttachCollectionSigner(changed, signature), owner.address.toLowerCase());

  const link = { chainId: 1337, account: 42, wallet: owner.address, deadline: 1_900_000_000n };
  const linked = await owner.signTypedData(linkWalletTypedData(link));
  assert.equal(await recoverLinkWalletSigner(link, linked), owner.address.toLowerCase());
  // an attach signature is not a link signature (different primary type)
  assert.notEqual(await recoverLinkWalletSigner(link, signature), owner.address.toLowerCase());
});

test('a deadline must be ahead, and at most an hour ahead', () => {
  assert.equal(isLiveDeadline(1000n, 1000), true);
  assert.equal(isLiveDeadline(999n, 1000), false);
  assert.equal(isLiveDeadline(4600n, 1000), true);
  assert.equal(isLiveDeadline(4601n, 1000), false);
});
