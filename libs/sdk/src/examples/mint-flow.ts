// The mint flow (spec section 4) from a script: the shop access token runs the owner's steps, a
// wallet (here a viem account behind a minimal EIP-1193 provider; in a browser: window.ethereum)
// mints the QR link; the record's description becomes the check link.
//   METATAG_URL=http://localhost:3000 METATAG_TOKEN=wc_… WALLET_KEY=0x… RPC_URL=http://127.0.0.1:8545 \
//     node --conditions=source --import ./tools/register.mjs libs/sdk/src/examples/mint-flow.ts
import { createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- written as an integrator imports the package
import { MetaTag, type Eip1193Provider, type MintFlowStep } from '@metatag/sdk';

/** An EIP-1193 provider over a private key and an RPC URL: accounts, sending, and everything else forwarded. */
export function privateKeyProvider(privateKey: Hex, rpcUrl: string): Eip1193Provider {
  const account = privateKeyToAccount(privateKey);
  const wallet = createWalletClient({ account, transport: http(rpcUrl) });
  return {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
      if (method === 'eth_sendTransaction') {
        const [tx] = params as [{ to: Hex; data: Hex; value?: Hex }];
        return wallet.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          chain: null,
        });
      }
      return wallet.request({ method, params } as never);
    },
  };
}

export async function mintFlow(options: {
  url: string;
  authtoken: string;
  provider: Eip1193Provider;
  title: string;
  chain?: string;
  limit?: number;
  collection?: string;
  image?: { file: Blob; name: string };
  onStep?: (step: MintFlowStep) => void;
}) {
  const metatag = new MetaTag({ baseUrl: options.url });
  return metatag.runMintFlow(
    {
      chain: options.chain ?? 'ganache',
      authtoken: options.authtoken,
      title: options.title,
      limit: options.limit ?? 10,
      collection: options.collection ?? '',
      image: options.image,
      origin: options.url,
    },
    { wallet: options.provider, onStep: options.onStep },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const result = await mintFlow({
    url: env.METATAG_URL ?? 'http://localhost:3000',
    authtoken: env.METATAG_TOKEN ?? '',
    provider: privateKeyProvider(env.WALLET_KEY as Hex, env.RPC_URL ?? 'http://127.0.0.1:8545'),
    title: env.TITLE ?? 'Minted from a script',
    onStep: (step) => console.log(`… ${step}`),
  });
  console.log(`token ${result.tokenId} (tx ${result.hash}); check link ${result.checkLink}`);
}
