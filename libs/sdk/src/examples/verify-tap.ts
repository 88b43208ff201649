// Verify a chip tap (its URL as the phone opened it), then ask the mint transaction for a wallet.
//   METATAG_URL=http://localhost:3000 TAP_URL='http://localhost:3000/tag/Ab12Cd34?auth=…' TO=0x… \
//     node --conditions=source --import ./tools/register.mjs libs/sdk/src/examples/verify-tap.ts
// eslint-disable-next-line @nx/enforce-module-boundaries -- written as an integrator imports the package
import { MetaTag } from '@metatag/sdk';

export async function verifyTap(options: { url: string; tapUrl: string; to: string }) {
  const metatag = new MetaTag({ baseUrl: options.url });
  const check = await metatag.verifyTap(options.tapUrl);
  if (!check.ok || !check.scanToken) return { authentic: false as const };
  const tag = new URL(options.tapUrl).pathname.split('/').pop()!;
  const mint = await metatag.mintData(tag, options.to, check.scanToken);
  return { authentic: true as const, nftId: check.nftId, mint };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await verifyTap({
    url: process.env.METATAG_URL ?? 'http://localhost:3000',
    tapUrl: process.env.TAP_URL ?? '',
    to: process.env.TO ?? '',
  });
  console.log(result.authentic ? JSON.stringify(result.mint) : 'Not Authentic');
}
