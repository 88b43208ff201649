// `npm run bench:passkey` (issue #29, a benchmark, not a test): on the standalone stack with passkey
// accounts (anvil, PostgreSQL, the chain indexer, Alto beside anvil, our VerifyingPaymaster), how long a
// visitor waits from a verified tap to a token owned by a NEW passkey account, and what a sponsored user
// operation costs in gas beside the plain transaction an ordinary wallet would send.
//
// Each run: a new chip of a free template whose owner pays the gas, a new passkey (a software P-256 key
// that signs what a WebAuthn authenticator signs: the browser's prompt is the person's time, not ours),
// then what the chip page does — check-tag (the tap), POST /json/passkeys (the account's counterfactual
// address), POST /json/claim-gasless (the relayer mints to it) — until `ownerOf` on the chain is the
// account. Steps are timed one by one. Gas: the first sponsored operation (it deploys the Safe too), a
// later one, and the same lock/transfer sent as a plain transaction from an ordinary wallet.
// Env: BENCH_RUNS (20).
import { performance } from 'node:perf_hooks';
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction';
import {
  createPublicClient,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { localhost } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, toPasskeyAccount } from '@metatag/contracts';
import { softwarePasskey } from '@metatag/contracts/node';
import { machineLoad } from './machine-load.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SCAN_HEADER = 'x-metatag-scan-token';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (v: number) => v.toFixed(0);

async function main(): Promise<void> {
  const { startChainOwnerStack, VISITOR_KEYS } =
    await import('../../apps/standalone/src/testing/chain-owner.fixture.js');
  const { newTemplate, provisionChip, SimulatedChip } =
    await import('../../apps/standalone/src/testing/chips.fixture.js');
  const { credit } = await import('../../apps/standalone/src/testing/sign-in.fixture.js');
  const { ANVIL_DEV_KEY_1 } = await import('../../apps/standalone/src/in-process-stack.js');
  const fixture = await startChainOwnerStack({
    name: 'Passkey bench',
    symbol: 'PKB',
    passkeys: true,
    env: { TX_RECEIPT_POLL_MS: '100', MINT_INDEX_LAG_MS: '300', SPONSORED_OPS_PER_ACCOUNT_PER_DAY: '100' },
  });
  const { stack, collection, owner, ownerId, boss, secrets } = fixture;
  const chain = createPublicClient({
    chain: localhost,
    transport: http(fixture.anvil.url),
    pollingInterval: 50,
  });
  try {
    await credit(boss, ownerId, parseEther('5'));
    const nftId = await newTemplate(owner, collection.toLowerCase());
    const put = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { gasPaidBy: 'owner' });
    if (put.status !== 200) throw new Error(`template: ${JSON.stringify(put.body)}`);
    const ownerOf = (tokenId: bigint) =>
      chain
        .readContract({ address: collection, abi: collectionAbi, functionName: 'ownerOf', args: [tokenId] })
        .then((a) => a.toLowerCase())
        .catch(() => null);

    const steps = {
      tap: [] as number[],
      account: [] as number[],
      claim: [] as number[],
      mined: [] as number[],
    };
    const totals: number[] = [];
    let last:
      { id: string; tokenId: bigint; account: Awaited<ReturnType<typeof toPasskeyAccount>> } | undefined;
    for (let run = 0; run < RUNS; run++) {
      const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
      const id = await provisionChip(owner, nftId, chip);
      const passkey = softwarePasskey();
      const anonymous = fixture.anonymous();
      const t0 = performance.now();
      const tap = await anonymous.call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
      const t1 = performance.now();
      const registered = await anonymous.call('POST', '/json/passkeys', {
        chain: 'ganache',
        credentialId: passkey.id.replace(/[^A-Za-z0-9_-]/g, '_'),
        publicKey: passkey.publicKey,
      });
      const t2 = performance.now();
      const to = registered.body.account as string;
      const claim = await anonymous.call(
        'POST',
        `/json/claim-gasless/${id}`,
        { to },
        { [SCAN_HEADER]: tap.body.scanToken as string },
      );
      const t3 = performance.now();
      if (claim.body.ok !== true) throw new Error(`claim: ${JSON.stringify(claim.body)}`);
      const tokenId = BigInt(claim.body.tokenid as string);
      while ((await ownerOf(tokenId)) !== to) {
        if (performance.now() - t3 > 60_000) throw new Error('the mint did not land within 60 s');
        await new Promise((r) => setTimeout(r, 25));
      }
      const t4 = performance.now();
      steps.tap.push(t1 - t0);
      steps.account.push(t2 - t1);
      steps.claim.push(t3 - t2);
      steps.mined.push(t4 - t3);
      totals.push(t4 - t0);
      if (run === RUNS - 1)
        last = { id, tokenId, account: await toPasskeyAccount({ client: chain, owner: passkey.account }) };
    }

    // gas: sponsored user operations of the last account (its first deploys it) vs an ordinary wallet
    const { id, tokenId, account } = last!;
    const bundlerUrl = `${stack.url}/json/bundler/ganache`;
    const bundler = createBundlerClient({
      account,
      client: chain,
      transport: http(bundlerUrl),
      paymaster: createPaymasterClient({ transport: http(bundlerUrl) }),
      paymasterContext: { chiplinkId: id },
      pollingInterval: 100,
    });
    const lockData = (lock: boolean, token: bigint) =>
      encodeFunctionData({
        abi: collectionAbi,
        functionName: lock ? 'disallowTokenTransfers' : 'allowTokenTransfers',
        args: [token],
      });
    const op = async (data: Hex) => {
      const hash = await bundler.sendUserOperation({ calls: [{ to: collection, data, value: 0n }] });
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 });
      return { gas: receipt.actualGasUsed, tx: receipt.receipt.gasUsed };
    };
    const firstOp = await op(lockData(true, tokenId));
    const laterOp = await op(lockData(false, tokenId));
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const transferOp = await op(
      encodeFunctionData({
        abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']),
        functionName: 'safeTransferFrom',
        args: [account.address, wallet as Address, tokenId],
      }),
    );
    // the same calls from an ordinary wallet, on a token the collection's minter (in this fixture the
    // relayer's key, used last: nothing of the relayer's runs after this) mints to it directly
    const plain = fixture.wallet(VISITOR_KEYS[VISITOR_KEYS.length - 1]);
    const plainToken = 7_000_000_000n + BigInt(Date.now() % 1_000_000);
    const brand = fixture.wallet(ANVIL_DEV_KEY_1);
    const minted = await brand.send({
      data: encodeFunctionData({
        abi: collectionAbi,
        functionName: 'mint',
        args: [plain.account.address, plainToken],
      }),
    });
    if (minted.status !== 'success') throw new Error('the plain wallet’s token was not minted');
    const plainLock = await plain.send({ data: lockData(true, plainToken) });
    const plainUnlock = await plain.send({ data: lockData(false, plainToken) });
    const plainTransfer = await plain.send({
      data: encodeFunctionData({
        abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']),
        functionName: 'safeTransferFrom',
        args: [plain.account.address, wallet as Address, plainToken],
      }),
    });

    const row = (name: string, v: number[]) =>
      `| ${name} | ${ms(percentile(v, 50))} | ${ms(percentile(v, 95))} | ${ms(Math.max(...v))} |`;
    console.log(
      [
        `\npasskey accounts, standalone stack (anvil automine, Alto, our VerifyingPaymaster), ${RUNS} runs, each a new chip and a new passkey`,
        machineLoad(),
        '',
        '| tap → token owned by a new passkey account | median ms | p95 ms | max ms |',
        '|---|---:|---:|---:|',
        row('check-tag (the verified tap)', steps.tap),
        row('POST /json/passkeys (the account address)', steps.account),
        row('POST /json/claim-gasless (queued)', steps.claim),
        row('mined, `ownerOf` = the account', steps.mined),
        row('**total** (goal ≤ 3,000)', totals),
        '',
        '| gas | sponsored user operation (EntryPoint actualGasUsed) | bundle transaction gasUsed | plain transaction from an ordinary wallet |',
        '|---|---:|---:|---:|',
        `| lock (the account's first operation: deploys the Safe) | ${firstOp.gas} | ${firstOp.tx} | ${plainLock.gasUsed} |`,
        `| unlock (a later operation) | ${laterOp.gas} | ${laterOp.tx} | ${plainUnlock.gasUsed} |`,
        `| send to an ordinary wallet (safeTransferFrom) | ${transferOp.gas} | ${transferOp.tx} | ${plainTransfer.gasUsed} |`,
      ].join('\n'),
    );
  } finally {
    await fixture.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
