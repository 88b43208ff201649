import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeFunctionData,
  getAddress,
  hashTypedData,
  recoverAddress,
  zeroAddress,
  type Address,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  encodeMintSigned,
  encodeMintSignedWithLimit,
  encodeTransferSigned,
  hashMintVoucher,
  hashMintWithLimitVoucher,
  hashTransferVoucher,
  mintVoucherTypedData,
  nftCodeAbi,
  recoverMintVoucherSigner,
  recoverMintWithLimitVoucherSigner,
  recoverTransferVoucherSigner,
  signMintVoucher,
  signMintWithLimitVoucher,
  signTransferVoucher,
  splitSignature,
  voucherDomain,
  type MintVoucher,
} from './index.js';

const collection: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const to: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const target = { chainId: 1337, collection };

const mint: MintVoucher = {
  to,
  tokenId: 123456789n,
  price: 10n ** 16n,
  payoutAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  disallowTransfers: true,
  deadline: 1_900_000_000n,
};

test('the domain binds the chain id and the collection', () => {
  assert.deepEqual(voucherDomain(target), {
    name: 'MetaTag',
    version: '1',
    chainId: 1337,
    verifyingContract: collection,
  });
  assert.notEqual(hashMintVoucher(target, mint), hashMintVoucher({ ...target, chainId: 1 }, mint));
  assert.notEqual(hashMintVoucher(target, mint), hashMintVoucher({ ...target, collection: to }, mint));
  assert.equal(hashMintVoucher(target, mint), hashTypedData(mintVoucherTypedData(target, mint)));
});

test('a signed mint voucher recovers to its signer, for random signers', async () => {
  for (let i = 0; i < 5; i++) {
    const signer = privateKeyToAccount(generatePrivateKey());
    const voucher = { ...mint, tokenId: BigInt(i), deadline: BigInt(1_800_000_000 + i) };
    const signed = await signMintVoucher(signer, target, voucher);
    assert.equal(await recoverMintVoucherSigner(target, voucher, signed.signature), signer.address);
    assert.equal(
      await recoverAddress({ hash: hashMintVoucher(target, voucher), signature: signed.signature }),
      signer.address,
    );
    assert.ok(signed.v === 27 || signed.v === 28);
    assert.notEqual(
      await recoverMintVoucherSigner(target, { ...voucher, price: 1n }, signed.signature),
      signer.address,
    );
  }
});

test('mint-with-limit and transfer vouchers recover to their signer', async () => {
  const signer = privateKeyToAccount(generatePrivateKey());
  const withLimit = { ...mint, limit: 10n };
  const a = await signMintWithLimitVoucher(signer, target, withLimit);
  assert.equal(await recoverMintWithLimitVoucherSigner(target, withLimit, a.signature), signer.address);
  assert.notEqual(
    hashMintWithLimitVoucher(target, withLimit),
    hashMintWithLimitVoucher(target, { ...withLimit, limit: 11n }),
  );

  const transfer = { to, tokenId: 5n, nonce: 3, deadline: 1_900_000_000n };
  const b = await signTransferVoucher(signer, target, transfer);
  assert.equal(await recoverTransferVoucherSigner(target, transfer, b.signature), signer.address);
  assert.notEqual(
    hashTransferVoucher(target, transfer),
    hashTransferVoucher(target, { ...transfer, nonce: 4 }),
  );
});

test('splitSignature returns v as 27 or 28 and the r, s halves', async () => {
  const signer = privateKeyToAccount(generatePrivateKey());
  const { signature } = await signMintVoucher(signer, target, mint);
  const { v, r, s } = splitSignature(signature);
  assert.equal(r, signature.slice(0, 66));
  assert.equal(s, `0x${signature.slice(66, 130)}`);
  assert.equal(v, Number.parseInt(signature.slice(130), 16));
});

test('call data carries the voucher and the signature in the contract order', async () => {
  const signer = privateKeyToAccount(generatePrivateKey());
  const signed = await signMintVoucher(signer, target, mint);
  const decoded = decodeFunctionData({ abi: nftCodeAbi, data: encodeMintSigned(mint, signed) });
  assert.equal(decoded.functionName, 'mintSigned');
  assert.deepEqual(decoded.args, [
    signed.v,
    signed.r,
    signed.s,
    getAddress(mint.to),
    mint.tokenId,
    mint.price,
    getAddress(mint.payoutAddress),
    mint.disallowTransfers,
    mint.deadline,
  ]);

  const withLimit = { ...mint, payoutAddress: zeroAddress, limit: 7n };
  const limited = decodeFunctionData({
    abi: nftCodeAbi,
    data: encodeMintSignedWithLimit(withLimit, signed),
  });
  assert.equal(limited.functionName, 'mintSignedWithLimit');
  assert.equal(limited.args[9], 7n);

  const transfer = { to, tokenId: 9n, nonce: 0, deadline: 5n };
  const moved = decodeFunctionData({ abi: nftCodeAbi, data: encodeTransferSigned(transfer, signed) });
  assert.equal(moved.functionName, 'transferSigned');
  assert.deepEqual(moved.args, [signed.v, signed.r, signed.s, getAddress(to), 9n, 5n]);
});
