// Sign-In with Ethereum (EIP-4361): the API's nonce message, signed by a wallet (here a viem account).
//   METATAG_URL=http://localhost:3000 WALLET_KEY=0x… node --conditions=source --import ./tools/register.mjs libs/sdk/src/examples/wallet-sign-in.ts
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- written as an integrator imports the package
import { MetaTag } from '@metatag/sdk';

export async function walletSignIn(options: { url: string; privateKey?: `0x${string}` }) {
  const account = privateKeyToAccount(options.privateKey ?? generatePrivateKey());
  const metatag = new MetaTag({ baseUrl: options.url });
  const user = await metatag.signInWithWallet(account);
  const me = await metatag.me();
  return { user, me };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { me } = await walletSignIn({
    url: process.env.METATAG_URL ?? 'http://localhost:3000',
    privateKey: process.env.WALLET_KEY as `0x${string}` | undefined,
  });
  console.log(`signed in as ${me.address} (account ${me.id})`);
}
