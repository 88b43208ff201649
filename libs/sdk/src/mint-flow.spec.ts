import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  eip1193Wallet,
  mintLink,
  MintFlowError,
  readMintTicket,
  type Eip1193Provider,
  type RouteCaller,
} from './mint-flow.js';

const HASH = `0x${'ab'.repeat(32)}`;

function provider(answers: Record<string, unknown>, calls: unknown[] = []): Eip1193Provider {
  return {
    async request(args) {
      calls.push(args);
      const answer = answers[args.method];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

test('an EIP-1193 wallet: the first account, sent from it; no account is null, a failed send no hash', async () => {
  const calls: unknown[] = [];
  const wallet = eip1193Wallet(
    provider({ eth_requestAccounts: ['0xAbC'], eth_sendTransaction: HASH }, calls),
  );
  assert.equal(await wallet.address(), '0xAbC');
  assert.equal(await wallet.send({ to: '0xc0', data: '0x12', value: '1000' }), HASH);
  assert.deepEqual(calls[1], {
    method: 'eth_sendTransaction',
    params: [{ from: '0xAbC', to: '0xc0', data: '0x12', value: '0x3e8' }],
  });
  assert.equal(await eip1193Wallet(provider({ eth_requestAccounts: [] })).address(), null);
  await assert.rejects(eip1193Wallet(provider({ eth_requestAccounts: new Error('locked') })).address());
  const odd = eip1193Wallet(provider({ eth_requestAccounts: ['0x1'], eth_sendTransaction: 'nope' }));
  await odd.address();
  assert.equal(await odd.send({ to: '0xc0', data: '0x' }), null);
});

test('a mint ticket’s claims are readable; anything else is null', () => {
  const payload = Buffer.from(
    JSON.stringify({ u: 1, c: 'ganache', n: 7, l: 'Ab12', o: 'https://shop.example', e: 2_000_000_000 }),
  ).toString('base64url');
  assert.deepEqual(readMintTicket(`mt1.${payload}.mac`), {
    chain: 'ganache',
    nftId: 7,
    link: 'Ab12',
    origin: 'https://shop.example',
    expiresAt: new Date(2_000_000_000_000),
  });
  for (const text of [
    '',
    'mt1.',
    'mt2.e30.x',
    'mt1.%%%.x',
    `mt1.${Buffer.from('{}').toString('base64url')}.x`,
  ])
    assert.equal(readMintTicket(text), null, text);
});

test('a gasless mintLink claims with the address only and waits for the relayer’s hash', async () => {
  const calls: { route: string; args: unknown }[] = [];
  const replies = [
    { ok: true, tokenid: '7', tx: null, nft: { collection: '0xc0', chain: 'ganache' } },
    { ok: true, tokenid: '7', tx: HASH, nft: { collection: '0xc0', chain: 'ganache' } },
  ];
  const client = {
    call: async (route: string, args: unknown) => {
      calls.push({ route, args });
      return replies.shift();
    },
  } as unknown as RouteCaller;
  const sent: unknown[] = [];
  const wallet = {
    address: async () => '0xAbC',
    send: async (tx: unknown) => {
      sent.push(tx);
      return HASH;
    },
  };
  const steps: string[] = [];
  const result = await mintLink(
    { chain: 'ganache', uid: 'U1' },
    { client, wallet, gasless: true, sleep: async () => undefined, onStep: (s) => steps.push(s) },
  );
  assert.deepEqual(result, { tokenId: '7', collection: '0xc0', hash: HASH });
  assert.deepEqual(sent, [], 'nothing is sent from the wallet');
  assert.deepEqual(calls, [
    { route: 'gaslessClaim', args: { params: { id: 'U1' }, body: { to: '0xabc' } } },
    { route: 'gaslessClaim', args: { params: { id: 'U1' }, body: { to: '0xabc' } } },
  ]);
  assert.deepEqual(steps, ['address', 'mintData', 'send']);
});

test('a refused gasless claim is the spec’s cannot mint', async () => {
  const client = {
    call: async () => ({ ok: false, errorMessage: 'cannot mint' }),
  } as unknown as RouteCaller;
  const wallet = { address: async () => '0xabc', send: async () => HASH };
  await assert.rejects(
    mintLink({ chain: 'ganache', uid: 'U1' }, { client, wallet, gasless: true }),
    (error: Error) => error instanceof MintFlowError && error.message === 'cannot mint',
  );
});
