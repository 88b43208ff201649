import assert from 'node:assert/strict';
import {
  decodeErrorResult,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import {
  encodeTagRelayerExecute,
  hashTagRelayerAuthorization,
  recoverTagRelayerAuthorizationSigner,
  signTagRelayerAuthorization,
  tagRelayerAuthorizationTypedData,
  tagRelayerDeployData,
  tagRelayerBytecode,
  tagRelayerDomain,
  type TagRelayerAuthorization,
  type TagRelayerTarget,
} from '@metatag/contracts';
import {
  HARDHAT_MNEMONIC,
  accounts,
  chain,
  collectionAbi,
  contractAt,
  deployArtifact,
  deployCollection,
  deployShared,
  expectRevert,
  fixture,
  now,
  publicClient,
  rawRevertOf,
  receipt,
  revertOf,
  tagRelayerAbi,
  testClient,
  walletClient,
} from './helpers.js';
import { fuzzSeed, random } from './random.js';

const relayTargetAbi = parseAbi([
  'error Refused(uint256 code)',
  'event Called(address sender, uint256 value, bytes data)',
  'function poke(uint256 x) payable returns (uint256)',
  'function refuse(uint256 code) payable',
  'function refuseWithReason() payable',
  'function refuseSilently() payable',
  'function calls() view returns (uint256)',
  'function lastSender() view returns (address)',
]);
const reentrantTargetAbi = parseAbi([
  'function arm(address relayer, bytes call)',
  'function attack() payable',
  'function attacks() view returns (uint256)',
  'function reentrySucceeded() view returns (bool)',
  'function reentryResult() view returns (bytes)',
]);
const reasonAbi = parseAbi(['error Error(string)']);

/** The authorizer's key (Hardhat account #5): the node signs with it too (eth_signTypedData_v4). */
const authorizerAccount = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 5 });
const stranger = privateKeyToAccount(generatePrivateKey());

type Relayer = ReturnType<typeof contractAt<typeof tagRelayerAbi>>;

interface RelayWorld {
  owner: Address;
  alice: Address;
  bob: Address;
  authorizer: Address;
  relayer: Address;
  where: TagRelayerTarget;
  asOwner: Relayer;
  asAlice: Relayer;
  asBob: Relayer;
  target: Address;
  deployment: TransactionReceipt;
}

const relayWorld = fixture(async (): Promise<RelayWorld> => {
  const [owner, , alice, bob] = await accounts();
  if (!owner || !alice || !bob) throw new Error('Hardhat accounts missing');
  const authorizer = authorizerAccount.address;
  const { address: relayer, receipt: deployment } = await deployArtifact(
    'TagRelayer',
    tagRelayerAbi,
    [authorizer],
    owner,
  );
  const { address: target } = await deployArtifact('RelayTarget', relayTargetAbi, [], owner);
  return {
    owner,
    alice,
    bob,
    authorizer,
    relayer,
    where: { chainId: chain.id, relayer },
    asOwner: contractAt(tagRelayerAbi, relayer, owner),
    asAlice: contractAt(tagRelayerAbi, relayer, alice),
    asBob: contractAt(tagRelayerAbi, relayer, bob),
    target,
    deployment,
  };
});

let scanCounter = 0;
/** A fresh one-time id. */
function scanId(): Hex {
  scanCounter += 1;
  return keccak256(toHex(`scan-${scanCounter}`));
}

async function poke(target: Address, x: bigint, value = 0n): Promise<TagRelayerAuthorization> {
  const data = encodeFunctionData({ abi: relayTargetAbi, functionName: 'poke', args: [x] });
  return { scanId: scanId(), target, data, value, deadline: (await now()) + 600n };
}

/** The node's own EIP-712 signature (EDR's eth_signTypedData_v4): an implementation independent of viem. */
function nodeSign(where: TagRelayerTarget, authorization: TagRelayerAuthorization, account: Address) {
  return walletClient.signTypedData({ account, ...tagRelayerAuthorizationTypedData(where, authorization) });
}

function execute(as: Relayer, a: TagRelayerAuthorization, signature: Hex, value: bigint = a.value) {
  return as.write.execute([a.target, a.data, a.value, a.deadline, a.scanId, signature], { value });
}

function relayEvents(mined: TransactionReceipt) {
  return parseEventLogs({
    abi: tagRelayerAbi,
    logs: mined.logs,
    eventName: 'PendingTransactionExecuted',
  }).map((log) => log.args);
}

describe('TagRelayer: deployment and hashing', () => {
  it('is owned by its deployer and starts with the authorizer it was given', async () => {
    const { asAlice, owner, authorizer, deployment, relayer } = await relayWorld();
    assert.equal(await asAlice.read.owner(), owner);
    assert.equal(await asAlice.read.authorizer(), authorizer);
    const events = parseEventLogs({
      abi: tagRelayerAbi,
      logs: deployment.logs,
      eventName: 'AuthorizerChanged',
    });
    assert.deepEqual(
      events.map((e) => e.args),
      [{ previousAuthorizer: zeroAddress, newAuthorizer: authorizer }],
    );
    // The deploy helper's data is the build's bytecode and the authorizer.
    assert.equal(
      tagRelayerDeployData(authorizer).data.slice(0, tagRelayerBytecode.length),
      tagRelayerBytecode,
    );
    // No receive(): plain ether is refused, so nothing can be left behind by mistake.
    await assert.rejects(walletClient.sendTransaction({ account: owner, to: relayer, value: 1n }));
  });

  it('hashes like viem: domain bound to chain and contract, the Authorization type, calldata as bytes', async () => {
    const { asAlice, where, target } = await relayWorld();
    const domain = tagRelayerDomain(where);
    const separator = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'uint256' },
          { type: 'address' },
        ],
        [
          keccak256(
            toHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
          ),
          keccak256(toHex('MetaTag TagRelayer')),
          keccak256(toHex('1')),
          BigInt(domain.chainId),
          domain.verifyingContract,
        ],
      ),
    );
    assert.equal(await asAlice.read.domainSeparator(), separator);
    assert.equal(
      await asAlice.read.AUTHORIZATION_TYPEHASH(),
      keccak256(
        toHex('Authorization(bytes32 scanId,address target,bytes data,uint256 value,uint256 deadline)'),
      ),
    );
    const a = await poke(target, 21n, parseEther('0.1'));
    assert.equal(
      await asAlice.read.hashAuthorization([a.scanId, a.target, a.data, a.value, a.deadline]),
      hashTagRelayerAuthorization(where, a),
    );
  });
});

describe('TagRelayer: execute', () => {
  it('runs a call the node signed, sent by anyone, forwarding exactly the value', async () => {
    const { asAlice, alice, authorizer, relayer, where, target } = await relayWorld();
    const value = parseEther('0.25');
    const a = await poke(target, 21n, value);
    const signature = await nodeSign(where, a, authorizer);

    // The call's return data comes back.
    const { result } = await asAlice.simulate.execute(
      [a.target, a.data, a.value, a.deadline, a.scanId, signature],
      {
        value,
      },
    );
    assert.equal(decodeFunctionResult({ abi: relayTargetAbi, functionName: 'poke', data: result }), 42n);

    const mined = await receipt(execute(asAlice, a, signature));
    assert.deepEqual(relayEvents(mined), [
      { scanId: a.scanId, target, sender: alice, value, dataHash: keccak256(a.data) },
    ]);
    const called = parseEventLogs({ abi: relayTargetAbi, logs: mined.logs, eventName: 'Called' });
    assert.deepEqual(
      called.map((e) => e.args),
      [{ sender: relayer, value, data: a.data }],
    );
    const read = { address: target, abi: relayTargetAbi } as const;
    assert.equal(await publicClient.readContract({ ...read, functionName: 'calls' }), 1n);
    assert.equal(await publicClient.readContract({ ...read, functionName: 'lastSender' }), relayer);
    assert.equal(await publicClient.getBalance({ address: target }), value);
    assert.equal(await publicClient.getBalance({ address: relayer }), 0n);
    assert.equal(await asAlice.read.used([a.scanId]), true);
  });

  it('accepts signTagRelayerAuthorization (libs/contracts): the same signature as the node, sent as encodeTagRelayerExecute', async () => {
    const { bob, authorizer, relayer, where, target } = await relayWorld();
    const a = await poke(target, 5n, 7n);
    const ours = await signTagRelayerAuthorization(authorizerAccount, where, a);
    // RFC 6979 signatures are deterministic: equal bytes mean equal digests.
    assert.equal(ours, await nodeSign(where, a, authorizer));
    assert.equal(await recoverTagRelayerAuthorizationSigner(where, a, ours), authorizer);
    const mined = await receipt(
      walletClient.sendTransaction({
        account: bob,
        to: relayer,
        data: encodeTagRelayerExecute(a, ours),
        value: 7n,
      }),
    );
    assert.deepEqual(relayEvents(mined), [
      { scanId: a.scanId, target, sender: bob, value: 7n, dataHash: keccak256(a.data) },
    ]);
  });

  it('refuses other signers, other chains, other relayers and every altered field', async () => {
    const { asAlice, authorizer, relayer, where, target, owner } = await relayWorld();
    const a = await poke(target, 1n, 3n);
    const good = await signTagRelayerAuthorization(authorizerAccount, where, a);
    const { address: otherTarget } = await deployArtifact('RelayTarget', relayTargetAbi, [], owner);

    const byStranger = await signTagRelayerAuthorization(stranger, where, a);
    await expectRevert(execute(asAlice, a, byStranger), 'InvalidSigner', [stranger.address]);
    // A signature the node makes for another of its accounts.
    const [deployer] = await accounts();
    await expectRevert(execute(asAlice, a, await nodeSign(where, a, deployer as Address)), 'InvalidSigner', [
      deployer,
    ]);

    const signedFor = async (overrides: Partial<TagRelayerTarget>) =>
      signTagRelayerAuthorization(authorizerAccount, { ...where, ...overrides }, a);
    for (const signature of [await signedFor({ chainId: 1 }), await signedFor({ relayer: otherTarget })]) {
      const { errorName, args } = await revertOf$(execute(asAlice, a, signature));
      assert.equal(errorName, 'InvalidSigner');
      assert.notEqual(args[0], authorizer);
    }

    const altered: TagRelayerAuthorization[] = [
      { ...a, target: otherTarget },
      { ...a, data: encodeFunctionData({ abi: relayTargetAbi, functionName: 'poke', args: [2n] }) },
      { ...a, data: `${a.data}00` },
      { ...a, value: 4n },
      { ...a, deadline: a.deadline + 1n },
      { ...a, scanId: scanId() },
    ];
    for (const changed of altered) {
      const { errorName, args } = await revertOf$(execute(asAlice, changed, good));
      assert.equal(errorName, 'InvalidSigner');
      assert.notEqual(args[0], authorizer);
    }
    // Malformed signatures recover nobody.
    await expectRevert(execute(asAlice, a, good.slice(0, 130) as Hex), 'InvalidSigner', [zeroAddress]);
    await expectRevert(execute(asAlice, a, `0x${'00'.repeat(65)}`), 'InvalidSigner', [zeroAddress]);

    // The untouched authorization still works, and nothing ran before it.
    assert.equal(
      await publicClient.readContract({ address: target, abi: relayTargetAbi, functionName: 'calls' }),
      0n,
    );
    await receipt(execute(asAlice, a, good));
    assert.equal(await publicClient.getBalance({ address: relayer }), 0n);
  });

  it('accepts an authorization until its deadline second, not after', async () => {
    const { asAlice, where, target } = await relayWorld();
    const a = await poke(target, 1n);
    const signature = await signTagRelayerAuthorization(authorizerAccount, where, a);
    await testClient.setNextBlockTimestamp({ timestamp: a.deadline + 1n });
    await expectRevert(execute(asAlice, a, signature), 'AuthorizationExpired', [a.deadline]);
    const b = { ...a, deadline: a.deadline + 10n };
    await testClient.setNextBlockTimestamp({ timestamp: b.deadline });
    await receipt(execute(asAlice, b, await signTagRelayerAuthorization(authorizerAccount, where, b)));
  });

  it('runs a scan id once: a replay, or another call signed for the same scan id, is refused', async () => {
    const { asAlice, asBob, where, target } = await relayWorld();
    const a = await poke(target, 1n);
    const signature = await signTagRelayerAuthorization(authorizerAccount, where, a);
    assert.equal(await asAlice.read.used([a.scanId]), false);
    await receipt(execute(asAlice, a, signature));
    await expectRevert(execute(asAlice, a, signature), 'ScanIdUsed', [a.scanId]);
    await expectRevert(execute(asBob, a, signature), 'ScanIdUsed', [a.scanId]);
    const other = { ...(await poke(target, 9n)), scanId: a.scanId };
    await expectRevert(
      execute(asBob, other, await signTagRelayerAuthorization(authorizerAccount, where, other)),
      'ScanIdUsed',
      [a.scanId],
    );
    assert.equal(
      await publicClient.readContract({ address: target, abi: relayTargetAbi, functionName: 'calls' }),
      1n,
    );
  });

  it('requires msg.value to equal the authorized value', async () => {
    const { asAlice, where, target, relayer } = await relayWorld();
    const value = parseEther('1');
    const a = await poke(target, 1n, value);
    const signature = await signTagRelayerAuthorization(authorizerAccount, where, a);
    for (const sent of [0n, value - 1n, value + 1n]) {
      await expectRevert(execute(asAlice, a, signature, sent), 'IncorrectValue', [value, sent]);
    }
    const free = await poke(target, 1n);
    await expectRevert(
      execute(asAlice, free, await signTagRelayerAuthorization(authorizerAccount, where, free), 1n),
      'IncorrectValue',
      [0n, 1n],
    );
    assert.equal(await publicClient.getBalance({ address: target }), 0n);
    assert.equal(await publicClient.getBalance({ address: relayer }), 0n);
  });

  it('a re-entering target finds its scan id used', async () => {
    const { asAlice, owner, relayer, where } = await relayWorld();
    const { address: reentrant } = await deployArtifact('ReentrantTarget', reentrantTargetAbi, [], owner);
    const a: TagRelayerAuthorization = {
      scanId: scanId(),
      target: reentrant,
      data: encodeFunctionData({ abi: reentrantTargetAbi, functionName: 'attack' }),
      value: 0n,
      deadline: (await now()) + 600n,
    };
    const signature = await signTagRelayerAuthorization(authorizerAccount, where, a);
    // The target sends the very same execute again from inside the call.
    const attacker = contractAt(reentrantTargetAbi, reentrant, owner);
    await receipt(attacker.write.arm([relayer, encodeTagRelayerExecute(a, signature)]));
    const mined = await receipt(execute(asAlice, a, signature));
    assert.equal(relayEvents(mined).length, 1);
    assert.equal(await attacker.read.attacks(), 1n);
    assert.equal(await attacker.read.reentrySucceeded(), false);
    const inner = decodeErrorResult({ abi: tagRelayerAbi, data: await attacker.read.reentryResult() });
    assert.equal(inner.errorName, 'ScanIdUsed');
    assert.deepEqual(inner.args, [a.scanId]);
  });

  it("passes the target's revert data on, or PendingTransactionFailed when there is none; the scan id stays unused", async () => {
    const { asAlice, where, target, relayer } = await relayWorld();
    const authorize = async (data: Hex, value = 0n) => {
      const a = { scanId: scanId(), target, data, value, deadline: (await now()) + 600n };
      return { a, signature: await signTagRelayerAuthorization(authorizerAccount, where, a) };
    };
    const failure = async (data: Hex, value = 0n) => {
      const { a, signature } = await authorize(data, value);
      let raw: Hex | undefined;
      await execute(asAlice, a, signature).catch((error: unknown) => (raw = rawRevertOf(error)));
      assert.ok(raw, 'expected a revert');
      assert.equal(await asAlice.read.used([a.scanId]), false);
      return raw;
    };

    const custom = decodeErrorResult({
      abi: relayTargetAbi,
      data: await failure(
        encodeFunctionData({ abi: relayTargetAbi, functionName: 'refuse', args: [7n] }),
        5n,
      ),
    });
    assert.deepEqual([custom.errorName, custom.args], ['Refused', [7n]]);
    const reason = decodeErrorResult({
      abi: reasonAbi,
      data: await failure(encodeFunctionData({ abi: relayTargetAbi, functionName: 'refuseWithReason' })),
    });
    assert.deepEqual([reason.errorName, reason.args], ['Error', ['not today']]);
    const silent = decodeErrorResult({
      abi: tagRelayerAbi,
      data: await failure(encodeFunctionData({ abi: relayTargetAbi, functionName: 'refuseSilently' })),
    });
    assert.deepEqual([silent.errorName, silent.args], ['PendingTransactionFailed', [target]]);
    // A function the target does not have (and no fallback) also reverts without data.
    const unknown = decodeErrorResult({ abi: tagRelayerAbi, data: await failure('0xdeadbeef') });
    assert.equal(unknown.errorName, 'PendingTransactionFailed');
    assert.equal(await publicClient.getBalance({ address: relayer }), 0n);
  });

  it('refuses a target without code', async () => {
    const { asAlice, where, bob } = await relayWorld();
    const a: TagRelayerAuthorization = {
      scanId: scanId(),
      target: bob,
      data: '0x',
      value: 1n,
      deadline: (await now()) + 600n,
    };
    const signature = await signTagRelayerAuthorization(authorizerAccount, where, a);
    await expectRevert(execute(asAlice, a, signature), 'TargetHasNoCode', [bob]);
  });

  it('relays setConnectToTag to a collection that trusts the relayer, and passes its refusal on otherwise', async () => {
    const { asAlice, owner, alice, relayer, where } = await relayWorld();
    const { locator } = await deployShared(owner);
    const { address: collection } = await deployCollection(locator, owner);
    const asCollectionOwner = contractAt(collectionAbi, collection, owner);
    await receipt(asCollectionOwner.write.mint([alice, 11n]));
    const connect = async () => {
      const a: TagRelayerAuthorization = {
        scanId: scanId(),
        target: collection,
        data: encodeFunctionData({ abi: collectionAbi, functionName: 'setConnectToTag', args: [11n, true] }),
        value: 0n,
        deadline: (await now()) + 600n,
      };
      return execute(asAlice, a, await signTagRelayerAuthorization(authorizerAccount, where, a));
    };
    // The call runs as the relayer contract: the collection refuses it until the relayer may do it.
    await expectRevert(connect(), 'NotTokenOwnerOrMinter', [relayer, 11n]);
    await receipt(asCollectionOwner.write.setMinter([relayer]));
    await receipt(connect());
    assert.equal(await asCollectionOwner.read.connectedToTag([11n]), true);
  });

  it('runs randomized authorizations: only the authorizer’s signature for the exact fields executes', async () => {
    const { asAlice, alice, where, target, relayer } = await relayWorld();
    const rnd = random(fuzzSeed + 17);
    let expectedCalls = 0n;
    let expectedBalance = 0n;
    for (let i = 0; i < 12; i++) {
      const value = rnd.bool() ? 0n : rnd.bigint(40);
      const a = await poke(target, rnd.bigint(64), value);
      const signer = rnd.bool(0.75) ? authorizerAccount : privateKeyToAccount(rnd.key());
      const signature = await signTagRelayerAuthorization(signer, where, a);
      if (signer === authorizerAccount) {
        const mined = await receipt(execute(asAlice, a, signature));
        assert.deepEqual(relayEvents(mined), [
          { scanId: a.scanId, target, sender: alice, value, dataHash: keccak256(a.data) },
        ]);
        expectedCalls += 1n;
        expectedBalance += value;
      } else {
        await expectRevert(execute(asAlice, a, signature), 'InvalidSigner', [signer.address]);
      }
    }
    assert.equal(
      await publicClient.readContract({ address: target, abi: relayTargetAbi, functionName: 'calls' }),
      expectedCalls,
      `seed ${fuzzSeed}`,
    );
    assert.equal(await publicClient.getBalance({ address: target }), expectedBalance);
    assert.equal(await publicClient.getBalance({ address: relayer }), 0n);
  });
});

describe('TagRelayer: authorizer', () => {
  it('only the owner replaces the authorizer; the old key’s authorizations die, zero stops everything', async () => {
    const { asOwner, asAlice, alice, authorizer, where, target } = await relayWorld();
    await expectRevert(asAlice.write.setAuthorizer([alice]), 'OwnableUnauthorizedAccount', [alice]);

    const a = await poke(target, 1n);
    const byOld = await signTagRelayerAuthorization(authorizerAccount, where, a);
    const next = privateKeyToAccount(generatePrivateKey());
    const mined = await receipt(asOwner.write.setAuthorizer([next.address]));
    assert.deepEqual(
      parseEventLogs({ abi: tagRelayerAbi, logs: mined.logs, eventName: 'AuthorizerChanged' }).map(
        (e) => e.args,
      ),
      [{ previousAuthorizer: authorizer, newAuthorizer: next.address }],
    );
    assert.equal(await asAlice.read.authorizer(), next.address);
    await expectRevert(execute(asAlice, a, byOld), 'InvalidSigner', [authorizer]);
    await receipt(execute(asAlice, a, await signTagRelayerAuthorization(next, where, a)));

    await receipt(asOwner.write.setAuthorizer([zeroAddress]));
    const b = await poke(target, 2n);
    await expectRevert(
      execute(asAlice, b, await signTagRelayerAuthorization(next, where, b)),
      'InvalidSigner',
      [next.address],
    );
  });

  it('ownership moves like OpenZeppelin Ownable', async () => {
    const { asOwner, asAlice, alice, owner } = await relayWorld();
    await receipt(asOwner.write.transferOwnership([alice]));
    assert.equal(getAddress(await asAlice.read.owner()), alice);
    await expectRevert(asOwner.write.setAuthorizer([owner]), 'OwnableUnauthorizedAccount', [owner]);
    await receipt(asAlice.write.setAuthorizer([owner]));
  });
});

/** The decoded custom error of a call expected to revert. */
async function revertOf$(action: Promise<unknown>): Promise<{ errorName: string; args: readonly unknown[] }> {
  try {
    await action;
  } catch (error) {
    return revertOf(error);
  }
  assert.fail('expected a revert');
}
