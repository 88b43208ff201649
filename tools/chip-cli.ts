// `npm run chip -- <command>`: provision chips, export a template's chips or links, and tap a chip
// without hardware. Talks to a running MetaTag API (default http://localhost:3000) as an admin; `tap`
// needs no API at all: it computes the next SUN URL from CHIP_MASTER_KEY like the chip would.
//
//   npm run chip -- provision --template 12 --csv chips.csv [--url U] [--name N] [--password P]
//   npm run chip -- export --template 12 [--type chip|link] [--out links.csv]
//   npm run chip -- tap --tag <chip id> [--url U] [--uid <7-byte hex>] [--counter N]
//
// provision CSV: a header line, then one chip per line with columns `uid` (required: the chip's 7-byte
// UID in hex), `id` (optional: the public id already programmed into the chip's URL), `template`
// (optional: must equal --template when both are given; used when --template is absent), and
// `metaReadKey`,`fileReadKey` (optional: 32 hex digits each, imported keys instead of diversified ones).
//
// Secrets: --password defaults to SUPER_ADMIN_PASSWORD, CHIP_MASTER_KEY to the env; both fall back to
// the standalone stack's DATA_DIR/secrets.json (.data/secrets.json). Counters: a real chip counts its
// own reads; the simulated one keeps each chip's UID and last counter in DATA_DIR/chip-cli.json
// (written by provision and tap). A chip provisioned elsewhere needs --uid, and --counter when the
// local file does not know its last read.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { deriveChipKeys, formatAuth, simulateSun } from '@metatag/chips';

const DATA_DIR = process.env.DATA_DIR ?? '.data';
const STATE_FILE = join(DATA_DIR, 'chip-cli.json');

interface ChipState {
  uid: string;
  counter: number;
}
type State = Record<string, ChipState>;

const fail = (message: string): never => {
  console.error(`chip: ${message}`);
  process.exit(1);
};

async function readJson<T>(file: string): Promise<T | undefined> {
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as T) : undefined;
}

async function secret(name: 'SUPER_ADMIN_PASSWORD' | 'CHIP_MASTER_KEY'): Promise<string | undefined> {
  return (
    process.env[name] || (await readJson<Record<string, string>>(join(DATA_DIR, 'secrets.json')))?.[name]
  );
}

async function saveState(state: State): Promise<void> {
  await mkdir(dirname(STATE_FILE), { recursive: true });
  await writeFile(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** A signed-in admin session against the API. */
async function signIn(url: string, name: string, password: string | undefined): Promise<string> {
  if (!password) fail('no password: pass --password or set SUPER_ADMIN_PASSWORD');
  const res = await fetch(`${url}/password-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 200 || !cookie) fail(`sign-in as ${name} failed (${res.status})`);
  return cookie!;
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
  const cookie = await signIn(
    options.url,
    options.name,
    options.password ?? (await secret('SUPER_ADMIN_PASSWORD')),
  );
  const state = (await readJson<State>(STATE_FILE)) ?? {};
  let failures = 0;
  for (const [index, row] of rows.entries()) {
    const template = options.template ?? row.template;
    if (!template) fail(`line ${index + 2}: no template (pass --template or a template column)`);
    if (options.template && row.template && row.template !== options.template) {
      console.error(
        `line ${index + 2}: template ${row.template} is not --template ${options.template}; skipped`,
      );
      failures += 1;
      continue;
    }
    const keys =
      row.metaReadKey && row.fileReadKey
        ? { metaReadKey: row.metaReadKey, fileReadKey: row.fileReadKey }
        : undefined;
    const res = await fetch(`${options.url}/json/qrlink/chip/${template}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ uid: row.uid, ...(row.id ? { id: row.id } : {}), ...(keys ? { keys } : {}) }),
    });
    const body = (await res.json()) as { item?: { id: string; uid: string }; errorMessage?: string };
    if (res.status !== 201 || !body.item) {
      console.error(`line ${index + 2}: ${row.uid}: ${body.errorMessage ?? res.status}`);
      failures += 1;
      continue;
    }
    if (!keys) state[body.item.id] = { uid: body.item.uid, counter: 0 };
    console.log(`${body.item.id}\t${body.item.uid}\t${options.url}/tag/${body.item.id}`);
  }
  await saveState(state);
  if (failures) fail(`${failures} of ${rows.length} chips not provisioned`);
}

async function exportCsv(options: Options): Promise<void> {
  if (!options.template) fail('export needs --template <nftId>');
  const cookie = await signIn(
    options.url,
    options.name,
    options.password ?? (await secret('SUPER_ADMIN_PASSWORD')),
  );
  const res = await fetch(`${options.url}/json/qrlink/${options.type}/${options.template}/links.csv`, {
    headers: { cookie },
  });
  if (res.status !== 200) fail(`export failed (${res.status}): ${await res.text()}`);
  const text = await res.text();
  if (options.out) await writeFile(options.out, text);
  else process.stdout.write(text);
}

async function tap(options: Options): Promise<void> {
  if (!options.tag) fail('tap needs --tag <chip id>');
  const master = await secret('CHIP_MASTER_KEY');
  if (!master || !/^[0-9a-fA-F]{32}$/.test(master)) fail('no CHIP_MASTER_KEY (env or DATA_DIR/secrets.json)');
  const state = (await readJson<State>(STATE_FILE)) ?? {};
  const known = state[options.tag!];
  const uid = (
    options.uid ??
    known?.uid ??
    fail(`chip ${options.tag} is not in ${STATE_FILE}: pass --uid`)
  ).toUpperCase();
  const counter = options.counter ?? (known?.counter ?? 0) + 1;
  const auth = formatAuth(
    simulateSun(deriveChipKeys(Buffer.from(master!, 'hex'), uid), { uid, readCounter: counter }),
  );
  state[options.tag!] = { uid, counter };
  await saveState(state);
  console.log(`${options.url}/tag/${options.tag}?auth=${auth}`);
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
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    name: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    template: { type: 'string' },
    csv: { type: 'string' },
    type: { type: 'string', default: 'chip' },
    out: { type: 'string' },
    tag: { type: 'string' },
    uid: { type: 'string' },
    counter: { type: 'string' },
  },
});
const options: Options = {
  ...values,
  url: values.url!.replace(/\/$/, ''),
  name: values.name!,
  type: values.type === 'link' ? 'link' : 'chip',
  counter: values.counter === undefined ? undefined : Number(values.counter),
};
if (
  options.counter !== undefined &&
  (!Number.isInteger(options.counter) || options.counter < 0 || options.counter > 0xffffff)
)
  fail('--counter must be 0..16777215');

const commands: Record<string, (o: Options) => Promise<void>> = { provision, export: exportCsv, tap };
const command = commands[positionals[0] ?? ''];
if (!command) fail('usage: npm run chip -- <provision|export|tap> [options] (see tools/chip-cli.ts)');
await command!(options);
