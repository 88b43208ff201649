// Sign in with a password, create an NFT template, provision a chip, create QR links, read scans.
//   METATAG_URL=http://localhost:3000 METATAG_NAME=admin METATAG_PASSWORD=… CHIP_UID=04A1B2C3D4E5F6 \
//     node --conditions=source --import ./tools/register.mjs libs/sdk/src/examples/provision.ts
// eslint-disable-next-line @nx/enforce-module-boundaries -- written as an integrator imports the package
import { MetaTag } from '@metatag/sdk';

export async function provision(options: { url: string; name: string; password: string; chipUid: string }) {
  const metatag = new MetaTag({ baseUrl: options.url });
  const user = await metatag.signInWithPassword(options.name, options.password);
  const template = await metatag.createTemplate('ganache');
  await metatag.updateTemplate('ganache', template.id, { title: 'Concert ticket' });
  const chip = await metatag.provisionChip(template.id, { uid: options.chipUid });
  const links = await metatag.createLinks(template.id, 3);
  const scans = await metatag.scans(links[0]!.id);
  return { user, template, chip, links, scans };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const result = await provision({
    url: env.METATAG_URL ?? 'http://localhost:3000',
    name: env.METATAG_NAME ?? 'admin',
    password: env.METATAG_PASSWORD ?? '',
    chipUid: env.CHIP_UID ?? '04A1B2C3D4E5F6',
  });
  console.log(
    `template ${result.template.id}: chip ${result.chip.id}, links ${result.links.map((l) => l.id).join(', ')}`,
  );
}
