// `npm run chip -- template --batch B [--url API] [--name N] [--password P]`, or offline
// `npm run chip -- template --url-template URL --mac-input-from MAC|ENC|PICC|UID|URL [--mode aes|lrp] [--tt]
//  [--enc-length N]`: what a personalisation tool (NXP TagXplorer, the NFC Developer App, a bureau)
// enters for a batch: the NDEF file bytes and the SDM settings computed from the URL, as one JSON line.
// Offsets count from the first byte of the NDEF file (NLEN); hex is upper-case. No key is involved.
import { parseArgs } from 'node:util';
import { MetaTagApiError } from '@metatag/sdk';
import { sdmSettings, sdmSettingsJson } from '@metatag/chips';
import { API_FLAGS, batchFormFromApi, formFromFlags, FORM_FLAGS, secret, signedIn } from './batch-source.js';

export async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, allowPositionals: true, options: { ...API_FLAGS, ...FORM_FLAGS } });
  try {
    const batch = values.batch
      ? await batchFormFromApi(
          await signedIn(values, values.password ?? (await secret('SUPER_ADMIN_PASSWORD'))),
          values.batch,
        )
      : formFromFlags(values);
    const s = sdmSettings(batch.form, { mode: batch.mode, tt: batch.tt });
    console.log(JSON.stringify(sdmSettingsJson(s)));
  } catch (error) {
    const message =
      error instanceof MetaTagApiError ? `the API refused: ${error.message}` : (error as Error).message;
    console.error(`chip template: ${message}`);
    process.exitCode = 1;
  }
}
