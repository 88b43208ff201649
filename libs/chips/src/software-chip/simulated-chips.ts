// The simulated chips of `npm run chip` (tools/chip-cli.ts): each chip's UID, key scheme and last read counter, kept in
// DATA_DIR/chip-cli.json (written by `provision` and `tap`), and a tap of one. A module of its own so a
// caller that taps often (the browser tests: ~130 taps a run) taps in its own process, not by starting
// the CLI each time (1.2–1.5 s of CPU per start).
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deriveChipKeys, type DerivedScheme } from '../diversify.js';
import { simulateTapQuery, type SunLayout } from '../sun-url.js';
import type { SunMode } from '../sun.js';

export interface ChipState {
  uid: string;
  counter: number;
  /** Keys not derived from CHIP_MASTER_KEY (imported, sdm-backend): hex, like the chip holds them. */
  keys?: { metaReadKey: string; fileReadKey: string };
  /** Derived from CHIP_MASTER_KEY with this scheme (default an10922). */
  scheme?: 'an10922' | 'legacy';
}
export type SimulatedChips = Record<string, ChipState>;

/** A tap this module refuses (an unknown chip, keys it cannot know, a layout the mode cannot write). */
export class TapError extends Error {}

export const chipStateFile = (dataDir: string): string => join(dataDir, 'chip-cli.json');

export async function readChips(dataDir: string): Promise<SimulatedChips> {
  const file = chipStateFile(dataDir);
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as SimulatedChips) : {};
}

/** Writes the simulated chips' UIDs and counters; never a key (older files' keys are dropped here). */
export async function saveChips(dataDir: string, chips: SimulatedChips): Promise<void> {
  const file = chipStateFile(dataDir);
  const clean = Object.fromEntries(Object.entries(chips).map(([id, { keys: _keys, ...chip }]) => [id, chip]));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(clean, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies to a new file only: an older state file (which held keys) is closed to others too
  await chmod(file, 0o600);
}

/** `--file-text`: UTF-8 text padded with spaces to whole 16-byte blocks (one at least), as a chip's file holds it. */
export function padFileText(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(Math.max(16, Math.ceil(bytes.length / 16) * 16), 0x20);
  bytes.copy(out);
  return out;
}

export interface TapOptions {
  /** The chip's public id (the `/tag/<id>` of its URL). */
  tag: string;
  /** The origin the tap URL starts with. */
  url: string;
  uid?: string;
  /** The read counter to write (default: one past the chip's last). */
  counter?: number;
  /** The chip's own keys (hex), for a chip whose keys are not derived from CHIP_MASTER_KEY. */
  metaKey?: string;
  fileKey?: string;
  /** A fleet's master key (hex) with an sdm-backend scheme. */
  masterKey?: string;
  scheme?: string;
  mode?: SunMode;
  layout?: SunLayout;
  fileData?: Buffer;
}

/** CHIP_MASTER_KEY from the environment, else from the standalone stack's `dataDir/secrets.json`. */
export async function chipMasterKeyOf(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, 'secrets.json');
  const master =
    process.env.CHIP_MASTER_KEY ||
    (existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as { CHIP_MASTER_KEY?: string }) : {})
      .CHIP_MASTER_KEY;
  if (!master || !/^[0-9a-fA-F]{32}$/.test(master))
    throw new TapError('no CHIP_MASTER_KEY (env or DATA_DIR/secrets.json)');
  return Buffer.from(master, 'hex');
}

/**
 * The chip's next tap URL (`<url>/tag/<tag>?<SUN query>`), its counter recorded in `dataDir`. The
 * master key is read (`chipMasterKeyOf`) only when the chip's keys are derived from it.
 */
export async function tapChip(dataDir: string, options: TapOptions): Promise<string> {
  const chips = await readChips(dataDir);
  const known = chips[options.tag];
  const uid = (options.uid ?? known?.uid)?.toUpperCase();
  if (!uid) throw new TapError(`chip ${options.tag} is not in ${chipStateFile(dataDir)}: pass --uid`);
  const counter = options.counter ?? (known?.counter ?? 0) + 1;
  // keys not derived from CHIP_MASTER_KEY come as options: this tool never stores them
  let keys;
  if (options.metaKey && options.fileKey)
    keys = {
      metaReadKey: Buffer.from(options.metaKey, 'hex'),
      fileReadKey: Buffer.from(options.fileKey, 'hex'),
    };
  else if (options.masterKey && options.scheme?.startsWith('sdm-backend'))
    keys = deriveChipKeys(Buffer.from(options.masterKey, 'hex'), uid, options.scheme as DerivedScheme);
  else if (known?.keys)
    keys = {
      metaReadKey: Buffer.from(known.keys.metaReadKey, 'hex'),
      fileReadKey: Buffer.from(known.keys.fileReadKey, 'hex'),
    };
  else if (known && !known.scheme)
    throw new TapError(
      `chip ${options.tag} has keys of its own: pass --meta-key and --file-key (or --master-key with --scheme)`,
    );
  else keys = deriveChipKeys(await chipMasterKeyOf(dataDir), uid, known?.scheme ?? 'an10922');
  const mode = options.mode ?? (options.layout === 'plain' ? 'plain' : 'aes');
  const layout = options.layout ?? (mode === 'plain' ? 'plain' : 'auth');
  let query: string;
  try {
    query = simulateTapQuery(keys, { uid, readCounter: counter, mode, fileData: options.fileData }, layout);
  } catch (error) {
    throw new TapError((error as Error).message);
  }
  chips[options.tag] = { ...known, uid, counter };
  await saveChips(dataDir, chips);
  return `${options.url}/tag/${options.tag}?${query}`;
}
