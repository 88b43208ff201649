// `npm run chip -- <command>`: provision chips, export a template's chips or links, tap a chip without
// hardware, and read real chips' tap URLs offline. Talks to a running MetaTag API (default
// http://localhost:3000) as an admin; `tap`, `verify` and `derive` need no API at all.
//
//   npm run chip -- provision --template 12 --csv chips.csv [--scheme S] [--master-key HEX] [--url U] [--name N] [--password P]
//   npm run chip -- export --template 12 [--type chip|link] [--out links.csv]
//   npm run chip -- tap --tag <chip id> [--url U] [--uid <7-byte hex>] [--counter N]
//                       [--mode aes|lrp|plain] [--layout auth|e|picc|plain] [--file-data HEX | --file-text TEXT]
//   npm run chip -- verify --url '<tap URL>' (--meta-key HEX --file-key HEX | --master-key HEX --scheme S) [--uid HEX]
//                          [--params 'TEMPLATE' --mac-from X | --params 'name=PICC,name=MAC,from=ENC'] [--tt]
//   npm run chip -- verify --url '<tap URL>' --api http://localhost:3000 [--name N] [--password P]
//   npm run chip -- batch <create|list|update|import|chips|export|rotate> …   (tools/chip-batch-cli.ts)
//   npm run chip -- derive --master-key HEX (--uid HEX | --input HEX) [--scheme S]
//   npm run chip -- template --batch B | --url-template URL --mac-input-from MAC|ENC|PICC|UID|URL [--mode aes|lrp] [--tt] [--enc-length N]
//   npm run chip -- personalise --batch B [--reader NAME|software] [--count N] [--url U] [--name N] [--password P]
//   npm run chip -- apdu auth|wrap|unwrap …   (NXP AN12196 secure messaging step by step: tools/chip-cli/apdu.ts)
//
// Schemes (S): an10922 (default: keys diversified from CHIP_MASTER_KEY per NXP AN10922), legacy (MetaTag's
// derivation before AN10922 was followed exactly), imported (per-chip keys), sdm-backend and
// sdm-backend-legacy (nfc-developer/sdm-backend's derivations from a fleet's own master key).
//
// provision CSV: a header line, then one chip per line with columns `uid` (required: the chip's 7-byte
// UID in hex), `id` (optional: the public id already programmed into the chip's URL), `template`
// (optional: must equal --template when both are given; used when --template is absent),
// `metaReadKey`,`fileReadKey` (optional: 32 hex digits each, imported keys), `scheme` and `masterKey`
// (optional: per chip, else --scheme and --master-key).
//
// verify prints one JSON line {"ok":true,"form":"…","uid":"…","counter":N,"mode":"aes"|"lrp"|"plain","fileData":"<hex>"|null}
// (with --tt also "tamper": the two TagTamper letters, null without) and exits 0 when the MAC holds,
// 1 otherwise, with "error" naming the part that failed (meta key, MAC-input offset, file key). It reads
// every ready form without being told which: boltcard p/c, NXP's e/c, sdm-backend picc_data/enc/cmac
// and e, plain uid/ctr/cmac, ours; --scheme batch-an10922 reads a MetaTag batch's master. With an10922 or legacy the meta-read key depends on the
// UID, so an encrypted tap needs --uid (or a chip this CLI provisioned or tapped).
// verify --api asks that server's tap checker instead (as an admin; nothing is consumed): it knows what
// the offline doctor cannot — the batch's mode pin, whether the UID is a chip of the batch, whether the
// chip is active, the last accepted counter — and prints {"ok":bool,"fault":…,"problem":…,…}.
//
// Secrets: --password defaults to SUPER_ADMIN_PASSWORD, CHIP_MASTER_KEY to the env; both fall back to
// the standalone stack's DATA_DIR/secrets.json (.data/secrets.json). Counters: a real chip counts its
// own reads; the simulated one keeps each chip's UID, keys (when not derived from CHIP_MASTER_KEY) and
// last counter in DATA_DIR/chip-cli.json (written by provision and tap). A chip provisioned elsewhere
// needs --uid, and --counter when the local file does not know its last read.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MetaTag, MetaTagApiError } from '@metatag/sdk';
import { batchCommand } from './chip-batch-cli.js';
import {
  chipStateFile,
  provisionChips,
  type ChipToLink,
  padFileText,
  tapChip,
  TapError,
  type SimulatedChips,
  an10922Diversify,
  batchChipKeys,
  batchMetaKey,
  detectReadyForm,
  diagnoseTap,
  parseFormTap,
  piccOf,
  type BatchUrlForm,
  deriveChipKeys,
  diversificationInput,
  inspectSun,
  KEY_NUMBERS,
  KEY_SCHEMES,
  metaKeyNeedsUid,
  parseSunQuery,
  SUN_LAYOUTS,
  verifySun,
  type ChipKeys,
  type DerivedScheme,
  type KeyScheme,
  type SunLayout,
  type SunMode,
} from '@metatag/chips';

const DATA_DIR = process.env.DATA_DIR ?? '.data';
const STATE_FILE = chipStateFile(DATA_DIR);

type State = SimulatedChips;

const fail: (message: string) => never = (message) => {
  console.error(`chip: ${message}`);
  process.exit(1);
};

async function readJson<T>(file: string): Promise<T | undefined> {
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as T) : undefined;
}

async function secret(name: 'SUPER_ADMIN_PASSWORD'): Promise<string | undefined> {
  return (
    process.env[name] || (await readJson<Record<string, string>>(join(DATA_DIR, 'secrets.json')))?.[name]
  );
}

/** A signed-in admin session against the API (through @metatag/sdk, typed by the route table). */
async function signIn(url: string, name: string, password: string | undefined): Promise<MetaTag> {
  if (!password) fail('no password: pass --password or set SUPER_ADMIN_PASSWORD');
  const metatag = new MetaTag({ baseUrl: url });
  try {
    await metatag.signInWithPassword(name, password!);
  } catch (error) {
    fail(`sign-in as ${name} failed (${error instanceof MetaTagApiError ? error.status : String(error)})`);
  }
  return metatag;
}

/** The API's createChiplink for one chip; an API error's message without its status. */
async function createChip(
  metatag: MetaTag,
  template: string,
  chip: ChipToLink,
): Promise<{ id: string; uid: string }> {
  try {
    return await metatag.provisionChip(Number(template), chip);
  } catch (error) {
    throw error instanceof MetaTagApiError ? new Error(error.message.replace(/^\d+ /, '')) : error;
  }
}

/** Minimal CSV: comma-separated, optional double quotes, a header line. */
function parseCsv(text: string): Record<string, string>[] {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"').trim()),
    );
  const [header, ...body] = rows;
  if (!header) return [];
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h.trim(), cells[i] ?? ''])));
}

async function provision(options: Options): Promise<void> {
  if (!options.csv) fail('provision needs --csv <file>');
  const rows = parseCsv(await readFile(options.csv!, 'utf8'));
  if (rows.length === 0) fail('the CSV has no chips');
  const metatag = await signIn(
    options.url,
    options.name,
    options.password ?? (await secret('SUPER_ADMIN_PASSWORD')),
  );
  const { linked, refused } = await provisionChips(
    DATA_DIR,
    rows,
    {
      template: options.template,
      scheme: options.scheme as KeyScheme | undefined,
      masterKey: options.masterKey,
    },
    (template, chip) => createChip(metatag, template, chip),
  );
  for (const line of refused) console.error(line);
  for (const { id, uid } of linked) console.log(`${id}\t${uid}\t${options.url}/tag/${id}`);
  if (refused.length) fail(`${refused.length} of ${rows.length} chips not provisioned`);
}

async function exportCsv(options: Options): Promise<void> {
  if (!options.template) fail('export needs --template <nftId>');
  const metatag = await signIn(
    options.url,
    options.name,
    options.password ?? (await secret('SUPER_ADMIN_PASSWORD')),
  );
  let text: string;
  try {
    text = await metatag.client.call('chiplinksCsv', {
      params: { type: options.type as 'chip' | 'link', nftId: options.template! },
    });
  } catch (error) {
    fail(`export failed (${error instanceof MetaTagApiError ? error.message : String(error)})`);
  }
  if (options.out) await writeFile(options.out, text);
  else process.stdout.write(text);
}

async function tap(options: Options): Promise<void> {
  if (!options.tag) fail('tap needs --tag <chip id>');
  try {
    console.log(await tapChip(DATA_DIR, { ...options, tag: options.tag! }));
  } catch (error) {
    if (error instanceof TapError) fail(error.message);
    throw error;
  }
}

/** The query text of a tap URL, as the chip wrote it (never decoded: the chip MACs the text). */
function tapOf(url: string): { tag?: string; query: string } {
  const noFragment = url.split('#')[0];
  const at = noFragment.indexOf('?');
  const tag = /\/tag\/([A-Za-z0-9]{6,32})\/?$/.exec(at < 0 ? noFragment : noFragment.slice(0, at))?.[1];
  return { tag, query: at < 0 ? noFragment : noFragment.slice(at + 1) };
}

const out: (result: Record<string, unknown>, ok: boolean) => never = (result, ok) => {
  console.log(JSON.stringify(result));
  process.exit(ok ? 0 : 1);
};

/**
 * The tap's SUN message: in the form `--params` names (a URL template with {PICC} {UID} {CTR} {ENC}
 * {TT} {MAC}, or `name=PLACEHOLDER` pairs such as `d=PICC,m=MAC,from=PICC`), else in whichever ready
 * form its parameter names say (`p`+`c` boltcard, `e`+`c` NXP's example, `picc_data`/`enc`/`cmac`,
 * `e`, `uid`/`ctr`/`cmac`, ours), else a per-chip layout.
 */
function tapMessage(url: string, params: string | undefined) {
  if (params) {
    const form = paramsForm(url, params);
    for (const mode of ['aes', 'lrp', 'plain'] as const) {
      const tap = parseFormTap(form, url, mode);
      if (tap) return { message: tap.message, form, mode, name: 'custom', tamper: tap.tamper };
    }
    return undefined;
  }
  const ready = detectReadyForm(url);
  if (ready) {
    const tap = parseFormTap(ready.form, url, ready.mode)!;
    return { message: tap.message, form: ready.form, mode: ready.mode, name: ready.name, tamper: tap.tamper };
  }
  const message = parseSunQuery(tapOf(url).query);
  return message && { message, form: undefined, mode: message.mode, name: message.layout, tamper: null };
}

/** `--params`: a template, or `name=PLACEHOLDER` pairs (and `from=…`, `enc=N`) applied to this URL's own parameters. */
function paramsForm(url: string, params: string): BatchUrlForm {
  if (params.includes('{'))
    return { template: params, macInputFrom: (options.macFrom ?? 'MAC') as BatchUrlForm['macInputFrom'] };
  let template = url.split('#')[0];
  let from: BatchUrlForm['macInputFrom'] = 'MAC';
  let encLength: number | undefined;
  for (const pair of params.split(',')) {
    const [name, value] = pair.split('=').map((p) => p.trim());
    if (name === 'from') from = value as BatchUrlForm['macInputFrom'];
    else if (name === 'enc') encLength = Number(value);
    else {
      if (!['PICC', 'UID', 'CTR', 'ENC', 'TT', 'MAC'].includes(value))
        fail(`--params: ${value} is not a placeholder`);
      const at = new RegExp(`([?&]${name.replace(/[^A-Za-z0-9_-]/g, '')}=)[^&#]*`);
      if (!at.test(template)) fail(`--params: the URL has no parameter ${name}`);
      template = template.replace(at, `$1{${value}}`);
    }
  }
  return { template, macInputFrom: from, ...(encLength ? { encLength } : {}) };
}

/** The chip doctor: reads a real chip's tap URL offline with the keys you give it, and says which part fails. */
async function verify(options: Options): Promise<void> {
  if (!options.tapUrl) fail('verify needs --url <tap URL>');
  if (options.api) return verifyOnline(options);
  const { tag } = tapOf(options.tapUrl!);
  const found = tapMessage(options.tapUrl!, options.params);
  const tamper = options.tt ? { tamper: found?.tamper ?? null } : {};
  if (!found)
    out(
      {
        ok: false,
        error: options.params
          ? 'the URL is not in the form --params gives'
          : 'the URL carries no SUN message in a known form (give --params)',
        ...tamper,
      },
      false,
    );
  const message = found!.message;
  let keys: ChipKeys;
  if (options.metaKey || options.fileKey) {
    if (!isKey(options.metaKey) || !isKey(options.fileKey))
      fail('--meta-key and --file-key are 32 hex digits each');
    keys = {
      metaReadKey: Buffer.from(options.metaKey!, 'hex'),
      fileReadKey: Buffer.from(options.fileKey!, 'hex'),
    };
  } else {
    if (!options.masterKey || !/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/.test(options.masterKey))
      fail('verify needs --meta-key and --file-key, or --master-key with --scheme');
    const batchScheme = options.scheme === 'batch-an10922';
    const scheme = batchScheme ? 'an10922' : derivedScheme(options.scheme);
    const master = Buffer.from(options.masterKey, 'hex');
    const state = (await readJson<State>(STATE_FILE)) ?? {};
    let uid = options.uid?.toUpperCase() ?? message.plain?.uid ?? (tag ? state[tag]?.uid : undefined);
    if (!uid && (batchScheme || !metaKeyNeedsUid(scheme))) {
      // a common meta-read key (sdm-backend, batches): the PICC data says whose chip this is
      const meta = batchScheme
        ? batchMetaKey(master, 'an10922')
        : deriveChipKeys(master, '00000000000000', scheme).metaReadKey;
      uid = piccOf(message, { metaReadKey: meta })?.uid;
      if (!uid)
        out(
          {
            ok: false,
            error:
              'the PICC data does not decrypt to a valid tag byte (C7h): wrong meta-read key, or another mode or layout',
            ...tamper,
          },
          false,
        );
    }
    if (!uid)
      out(
        { ok: false, error: `${scheme} diversifies the meta-read key by the UID: pass --uid`, ...tamper },
        false,
      );
    keys = batchScheme ? batchChipKeys(master, uid!, 'an10922') : deriveChipKeys(master, uid!, scheme);
  }
  const verdict = verifySun(message, keys!);
  if (!verdict.ok) {
    // name the part that fails: the meta key (PICC data), the MAC offset, or the file key
    const diagnosis = found!.form
      ? diagnoseTap(found!.form, options.tapUrl!, found!.mode, keys!.metaReadKey, () => keys)
      : undefined;
    const error =
      diagnosis && !diagnosis.ok
        ? diagnosis.error
        : inspectSun(message, keys!).picc
          ? 'the MAC does not hold with these keys: wrong file-read key (the PICC data decrypts)'
          : 'the PICC data does not decrypt to a valid tag byte (C7h): wrong meta-read key, or another mode or layout';
    out({ ok: false, form: found!.name, mode: message.mode, error, ...tamper }, false);
  }
  if (verdict.ok)
    out(
      {
        ok: true,
        form: found!.name,
        uid: verdict.picc.uid,
        counter: verdict.picc.readCounter,
        mode: verdict.mode,
        fileData: verdict.fileData?.toString('hex') ?? null,
        ...tamper,
      },
      true,
    );
}

/** `verify --api`: the server's tap checker, which knows the batch, the chip's state and its counter. */
async function verifyOnline(options: Options): Promise<void> {
  const metatag = await signIn(
    options.api!.replace(/\/$/, ''),
    options.name,
    options.password ?? (await secret('SUPER_ADMIN_PASSWORD')),
  );
  let reply;
  try {
    reply = await metatag.checkTapUrl(options.tapUrl!);
  } catch (error) {
    fail(`the tap checker refused: ${error instanceof MetaTagApiError ? error.message : String(error)}`);
  }
  const { ok: _ok, ...facts } = reply!;
  out({ ok: facts.fault === null, ...facts }, facts.fault === null);
}

async function derive(options: Options): Promise<void> {
  if (!options.masterKey || !/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/.test(options.masterKey))
    fail('derive needs --master-key (32 hex digits; 32 or 64 for sdm-backend)');
  const master = Buffer.from(options.masterKey!, 'hex');
  const scheme = derivedScheme(options.scheme);
  if (options.input) {
    if (scheme !== 'an10922')
      fail('--input is a raw AN10922 diversification input: only with --scheme an10922');
    if (!/^([0-9a-fA-F]{2}){1,31}$/.test(options.input)) fail('--input is 1 to 31 bytes of hex');
    const key = an10922Diversify(master, Buffer.from(options.input, 'hex'));
    console.log(JSON.stringify({ scheme, input: options.input.toUpperCase(), key: key.toString('hex') }));
    return;
  }
  if (!options.uid || !/^[0-9a-fA-F]{14}$/.test(options.uid))
    fail('derive needs --uid (14 hex digits) or --input');
  const uid = options.uid!.toUpperCase();
  const keys = deriveChipKeys(master, uid, scheme);
  console.log(
    JSON.stringify({
      scheme,
      uid,
      metaReadKey: keys.metaReadKey.toString('hex'),
      fileReadKey: keys.fileReadKey.toString('hex'),
      ...(scheme === 'an10922' || scheme === 'legacy'
        ? {
            metaReadInput: diversificationInput(uid, KEY_NUMBERS.metaRead).toString('hex').toUpperCase(),
            fileReadInput: diversificationInput(uid, KEY_NUMBERS.fileRead).toString('hex').toUpperCase(),
          }
        : {}),
    }),
  );
}

const isKey = (value: string | undefined) => !!value && /^[0-9a-fA-F]{32}$/.test(value);

function derivedScheme(value: string | undefined): DerivedScheme {
  const scheme = (value ?? 'an10922') as KeyScheme;
  if (!KEY_SCHEMES.includes(scheme) || scheme === 'imported')
    fail(`--scheme must be one of ${KEY_SCHEMES.filter((s) => s !== 'imported').join(', ')}`);
  return scheme as DerivedScheme;
}

interface Options {
  url: string;
  name: string;
  password?: string;
  template?: string;
  csv?: string;
  type: 'chip' | 'link';
  out?: string;
  tag?: string;
  uid?: string;
  counter?: number;
  scheme?: string;
  masterKey?: string;
  metaKey?: string;
  fileKey?: string;
  input?: string;
  mode?: SunMode;
  layout?: SunLayout;
  fileData?: Buffer;
  /** verify: the tap URL (`--url` there means the URL to read, not the API). */
  tapUrl?: string;
  /** verify: the URL form (a template, or name=PLACEHOLDER pairs). */
  params?: string;
  /** verify: report the TagTamper status letters. */
  tt?: boolean;
  /** verify: ask this API's tap checker instead of reading the URL offline. */
  api?: string;
  macFrom?: string;
}

// Subcommands with flags of their own live in their own modules (tools/chip-cli/).
const ownModules: Record<string, () => Promise<{ main(args: string[]): Promise<void> }>> = {
  apdu: () => import('./chip-cli/apdu.js'),
  template: () => import('./chip-cli/template.js'),
  personalise: () => import('./chip-cli/personalise.js'),
};
const ownModule = ownModules[process.argv[2] ?? ''];
if (ownModule) {
  await (await ownModule()).main(process.argv.slice(2));
  process.exit();
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    name: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    template: { type: 'string' },
    csv: { type: 'string' },
    type: { type: 'string', default: 'chip' },
    out: { type: 'string' },
    tag: { type: 'string' },
    uid: { type: 'string' },
    counter: { type: 'string' },
    scheme: { type: 'string' },
    'master-key': { type: 'string' },
    'meta-key': { type: 'string' },
    'file-key': { type: 'string' },
    input: { type: 'string' },
    mode: { type: 'string' },
    layout: { type: 'string' },
    'file-data': { type: 'string' },
    'file-text': { type: 'string' },
    params: { type: 'string' },
    tt: { type: 'boolean' },
    'mac-from': { type: 'string' },
    api: { type: 'string' },
    // batch (tools/chip-batch-cli.ts)
    batch: { type: 'string' },
    'batch-name': { type: 'string' },
    form: { type: 'string' },
    base: { type: 'string' },
    'form-template': { type: 'string' },
    enc: { type: 'string' },
    'counter-jump': { type: 'string' },
    'no-tt': { type: 'boolean' },
    'per-chip': { type: 'boolean' },
  },
});
const command = positionals[0] ?? '';
if (values.mode !== undefined && !['aes', 'lrp', 'plain'].includes(values.mode))
  fail('--mode must be aes, lrp or plain');
if (values.layout !== undefined && !(SUN_LAYOUTS as readonly string[]).includes(values.layout))
  fail(`--layout must be one of ${SUN_LAYOUTS.join(', ')}`);
if (values['file-data'] !== undefined && !/^([0-9a-fA-F]{32})+$/.test(values['file-data']))
  fail('--file-data is hex of whole 16-byte blocks');
const options: Options = {
  url: (command === 'verify' ? 'http://localhost:3000' : (values.url ?? 'http://localhost:3000')).replace(
    /\/$/,
    '',
  ),
  tapUrl: command === 'verify' ? values.url : undefined,
  name: values.name!,
  password: values.password,
  template: values.template,
  csv: values.csv,
  type: values.type === 'link' ? 'link' : 'chip',
  out: values.out,
  tag: values.tag,
  uid: values.uid,
  counter: values.counter === undefined ? undefined : Number(values.counter),
  scheme: values.scheme,
  masterKey: values['master-key'],
  metaKey: values['meta-key'],
  fileKey: values['file-key'],
  input: values.input,
  mode: values.mode as SunMode | undefined,
  layout: values.layout as SunLayout | undefined,
  params: values.params,
  tt: values.tt,
  api: values.api,
  macFrom: values['mac-from'],
  fileData:
    values['file-data'] !== undefined
      ? Buffer.from(values['file-data'], 'hex')
      : values['file-text'] !== undefined
        ? padFileText(values['file-text'])
        : undefined,
};
if (
  options.counter !== undefined &&
  (!Number.isInteger(options.counter) || options.counter < 0 || options.counter > 0xffffff)
)
  fail('--counter must be 0..16777215');

/** Text as a chip's file data: UTF-8, padded with spaces to whole 16-byte blocks. */
async function batch(o: Options): Promise<void> {
  const metatag = await signIn(o.url, o.name, o.password ?? (await secret('SUPER_ADMIN_PASSWORD')));
  await batchCommand(
    metatag,
    {
      sub: positionals[1] ?? '',
      template: o.template,
      name: values['batch-name'],
      scheme: o.scheme,
      masterKey: o.masterKey,
      metaKey: o.metaKey,
      mode: values.mode,
      form: values.form,
      base: values.base,
      formTemplate: values['form-template'],
      macFrom: values['mac-from'],
      enc: values.enc ? Number(values.enc) : undefined,
      tt: values.tt,
      noTt: values['no-tt'],
      perChip: values['per-chip'],
      counterJump:
        values['counter-jump'] === 'none'
          ? null
          : values['counter-jump']
            ? Number(values['counter-jump'])
            : undefined,
      batch: values.batch,
      csv: o.csv,
      out: o.out,
    },
    fail,
  );
}

const commands: Record<string, (o: Options) => Promise<void>> = {
  provision,
  export: exportCsv,
  tap,
  verify,
  derive,
  batch,
};
const run = commands[command];
if (!run)
  fail('usage: npm run chip -- <provision|export|tap|verify|derive|batch> [options] (see tools/chip-cli.ts)');
await run!(options);
