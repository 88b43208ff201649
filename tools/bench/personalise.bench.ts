// `npm run bench:personalise [-- --count N]`: chips per minute and APDUs per chip of `chip -- personalise`
// against the software NTAG 424 DNA, per batch mode, and the rate projected for a real reader at +30 ms
// per APDU (a USB PC/SC reader's round trip, issue #27). The batch is what `--batch B` builds from the
// API's personalisation package (`batchFromPackage`), the package made and sealed/opened here without a
// server: the API's part is two calls per run and one registration call per chip, not the bottleneck.
// Prints a table; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  bureauPackage,
  batchMetaKey,
  openBureauPackage,
  sealBureauPackage,
  SoftwareNtag424,
  SoftwarePcsc,
} from '@metatag/chips';
import { batchFromPackage } from '../chip-cli/batch-source.js';
import { Journal } from '../chip-cli/journal.js';
import { runPersonalise } from '../chip-cli/personalise.js';
import { machineLoad } from './machine-load.js';

const { values } = parseArgs({ options: { count: { type: 'string', default: '40' } } });
const count = Number(values.count);
const READER_MS_PER_APDU = 30;
const master = randomBytes(16);

const rows: string[] = [];
for (const [name, mode, tt, template] of [
  ['AES', 'aes', false, 'https://m.example/tag?picc_data={PICC}&cmac={MAC}'],
  ['LRP', 'lrp', false, 'https://m.example/tag?picc_data={PICC}&cmac={MAC}'],
  ['AES + TagTamper', 'aes', true, 'https://m.example/tag?picc_data={PICC}&cmac={MAC}&tt={TT}'],
] as const) {
  const passphrase = randomBytes(32).toString('base64url');
  const plain = bureauPackage(
    {
      id: `bbench${mode}${tt ? 'tt' : ''}`,
      name: name,
      nftId: 1,
      scheme: 'an10922',
      mode,
      tagTamper: tt,
      keyVersion: 1,
      urlForm: { template, macInputFrom: 'MAC' },
    },
    { master, metaReadKey: batchMetaKey(master, 'an10922') },
  );
  const batch = batchFromPackage(
    await openBureauPackage(await sealBureauPackage(plain, passphrase), passphrase),
  );
  const port = new SoftwarePcsc();
  const journal = await new Journal(
    join(mkdtempSync(join(tmpdir(), 'bench-personalise-')), 'journal'),
    batch.journalKey,
  ).load();
  const summary = await runPersonalise({
    port,
    reader: port.names[0],
    count,
    batch,
    journal,
    feed: () => {
      port.remove();
      port.present(new SoftwareNtag424({ tt }));
    },
    log: () => {},
  });
  const secondsPerChip = summary.seconds / count;
  const apdusPerChip = summary.apdus / count;
  const hardware = 60 / (secondsPerChip + (apdusPerChip * READER_MS_PER_APDU) / 1000);
  rows.push(
    `| ${name} | ${count} | ${(60 / secondsPerChip).toFixed(0)} | ${apdusPerChip.toFixed(1)} | ${(secondsPerChip * 1000).toFixed(0)} | ${hardware.toFixed(0)} |`,
  );
}
console.log(`\npersonalise against the software NTAG 424 DNA (${count} chips per row, one process)\n`);
console.log(
  '| batch | chips | chips/min (software) | APDUs/chip | ms/chip (host + software chip) | chips/min projected (+30 ms/APDU) |',
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`\n${machineLoad()}`);
