// Where `personalise` and `template` get a batch's settings (issue #27): `--batch B` reads the batch from
// the chip batches API (issue #26) through @metatag/sdk — its URL template, mode, TagTamper and key
// version — and its key material from the batch's personalisation package, asked for under a random
// one-time passphrase and opened in memory (no key reaches a file or a log). The chips' keys are the
// server's own: keys 1 and 2 `batchChipKeys`, keys 0, 3, 4 from the same master (`batchApplicationKeys`).
// `template` alone also takes a URL form from flags (an offline calculator: no keys involved).
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MetaTag } from '@metatag/sdk';
import {
  batchApplicationKeys,
  openBureauPackage,
  type BatchDerivedScheme,
  type BatchUrlForm,
  type BureauPackage,
  type BureauPackageFile,
} from '@metatag/chips';

/** How the chip carries the batch: its URL form, crypto suite and TagTamper mirroring. */
export interface BatchForm {
  id: string;
  form: BatchUrlForm;
  mode: 'aes' | 'lrp';
  /** TagTamper status mirrored ({TT} in the template) */
  tt: boolean;
}

/** A batch ready to personalise: its form, its key version and each chip's five application keys. */
export interface BatchSettings extends BatchForm {
  keyVersion: number;
  keysFor(uid: string): Buffer[];
  /** the journal's sealing key (from the batch's master: a journal line opens only for its batch) */
  journalKey: Buffer;
}

export class BatchError extends Error {}

const MAC_INPUTS = ['MAC', 'ENC', 'PICC', 'UID', 'URL'] as const;

/** A secret from the env, else the standalone stack's DATA_DIR/secrets.json. */
export async function secret(name: string): Promise<string | undefined> {
  const file = join(process.env.DATA_DIR ?? '.data', 'secrets.json');
  return (
    process.env[name] ||
    (existsSync(file)
      ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, string>)[name]
      : undefined)
  );
}

/** A signed-in session: --url/--name/--password, the password defaulting like the other chip commands. */
export async function signedIn(
  values: Record<string, unknown>,
  password: string | undefined,
): Promise<MetaTag> {
  if (!password) throw new BatchError('no password: pass --password or set SUPER_ADMIN_PASSWORD');
  const metatag = new MetaTag({ baseUrl: String(values.url ?? 'http://localhost:3000').replace(/\/$/, '') });
  await metatag.signInWithPassword(String(values.name ?? 'admin'), password);
  return metatag;
}

/** The batch's form as the API shows it (no keys): what `template --batch` prints. */
export async function batchFormFromApi(metatag: MetaTag, id: string): Promise<BatchForm> {
  const batch = await metatag.batch(id);
  if (!batch.urlForm)
    throw new BatchError(
      `batch ${id} has per-chip URLs: give it a URL template (the batch page, or \`chip batch\`) to personalise its chips`,
    );
  if (batch.mode === 'any') throw new BatchError(`batch ${id} is a default batch: make a batch of your own`);
  return {
    id: batch.id,
    form: batch.urlForm,
    mode: batch.mode === 'lrp' ? 'lrp' : 'aes',
    tt: batch.tagTamper,
  };
}

/** `--batch B`: the batch and its keys through the API (the package under a one-time passphrase). */
export async function batchFromApi(metatag: MetaTag, id: string): Promise<BatchSettings> {
  await batchFormFromApi(metatag, id); // the clear reasons first (per-chip URLs, default batch)
  const passphrase = randomBytes(32).toString('base64url');
  // the wire schema types the clear SDM settings loosely (a record); the file is the chips library's
  // format, and opening it checks the GCM tag over everything it seals
  const file = (await metatag.batchPackage(id, passphrase)) as BureauPackageFile;
  return batchFromPackage(await openBureauPackage(file, passphrase));
}

/** A batch's settings from its opened personalisation package (also what the bench feeds). */
export function batchFromPackage(pkg: BureauPackage): BatchSettings {
  if (!pkg.url) throw new BatchError(`batch ${pkg.batch.id} has per-chip URLs: give it a URL template`);
  // one URL is written to every chip: a per-chip GS1 serial would be the same sample on all of them
  if (pkg.url.template.includes('{SERIAL}'))
    throw new BatchError(
      `batch ${pkg.batch.id}'s URL carries each chip's GS1 serial ({SERIAL}): personalise writes one URL for every chip and knows no serials; a bureau that holds the serials writes these (the batch page's package), or give the batch a URL without {SERIAL}`,
    );
  if (pkg.keys.scheme === 'imported' || !pkg.keys.masterKey)
    throw new BatchError(
      `batch ${pkg.batch.id} has imported keys: its chips are personalised by whoever holds their keys (an10922 and sdm-backend batches here)`,
    );
  const master = Buffer.from(pkg.keys.masterKey, 'hex');
  const scheme = pkg.keys.scheme as BatchDerivedScheme;
  const keysFor = (uid: string) => batchApplicationKeys(master, uid, scheme);
  // the package states keys of a check UID: a derivation of ours that disagreed would write wrong keys
  if (
    pkg.keys.check &&
    keysFor(pkg.keys.check.uid).some((k, i) => k.toString('hex').toUpperCase() !== pkg.keys.check!.keys[i])
  )
    throw new BatchError("the package's check keys differ from this tool's derivation: update the CLI");
  return {
    id: pkg.batch.id,
    form: pkg.url,
    mode: pkg.batch.mode === 'lrp' ? 'lrp' : 'aes',
    tt: pkg.batch.tagTamper,
    keyVersion: pkg.keys.keyVersion,
    keysFor,
    journalKey: Buffer.from(
      hkdfSync('sha256', master, Buffer.from(pkg.batch.id), 'metatag personalise journal v2', 32),
    ),
  };
}

/** `template` without --batch: a URL form from flags (no keys: a calculator). */
export function formFromFlags(values: Record<string, unknown>): BatchForm {
  const template = values['url-template'];
  if (typeof template !== 'string' || !template)
    throw new BatchError('--batch B (through the API) or --url-template URL is required');
  const from = String(values['mac-input-from'] ?? 'MAC').toUpperCase();
  if (!(MAC_INPUTS as readonly string[]).includes(from))
    throw new BatchError(`--mac-input-from must be one of ${MAC_INPUTS.join(', ')}`);
  const mode = values.mode ?? 'aes';
  if (mode !== 'aes' && mode !== 'lrp') throw new BatchError('--mode must be aes or lrp');
  const encLength = values['enc-length'] === undefined ? undefined : Number(values['enc-length']);
  if (encLength !== undefined && (!Number.isInteger(encLength) || encLength <= 0 || encLength % 16 !== 0))
    throw new BatchError('--enc-length is a multiple of 16 bytes');
  return {
    id: 'flags',
    form: {
      template,
      macInputFrom: from as BatchUrlForm['macInputFrom'],
      ...(encLength ? { encLength } : {}),
    },
    mode,
    tt: values.tt === true,
  };
}

/** The API flags every command reading a batch takes (parseArgs options). */
export const API_FLAGS = {
  batch: { type: 'string' },
  url: { type: 'string', default: 'http://localhost:3000' },
  name: { type: 'string', default: 'admin' },
  password: { type: 'string' },
} as const;

/** `template`'s URL-form flags (parseArgs options). */
export const FORM_FLAGS = {
  'url-template': { type: 'string' },
  'mac-input-from': { type: 'string' },
  'enc-length': { type: 'string' },
  mode: { type: 'string' },
  tt: { type: 'boolean' },
} as const;
