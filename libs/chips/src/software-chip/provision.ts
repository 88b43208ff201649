// `npm run chip -- provision`'s work on the simulated chips, for the CLI and for a caller in its own
// process (the browser tests provision ~35 chips: starting the CLI for each cost ~1.5 CPU-s, decision 133).
// The API call is the caller's (`createChip`): this library knows the chips, not the HTTP client.
import type { KeyScheme } from '../diversify.js';
import { readChips, saveChips } from './simulated-chips.js';

/** One line of a provision CSV: `uid` required; `id`, `template`, `scheme`, keys, `masterKey` optional. */
export type ProvisionRow = Record<string, string>;

/** The body of the API's createChiplink for a chip. */
export interface ChipToLink {
  uid: string;
  id?: string;
  scheme?: KeyScheme;
  keys?: { metaReadKey: string; fileReadKey: string };
  masterKey?: string;
}

/** Links one chip to template `template` through the API; rejects with a message naming why not. */
export type CreateChip = (template: string, chip: ChipToLink) => Promise<{ id: string; uid: string }>;

export interface ProvisionOptions {
  /** The template every row goes to (a row's own `template` column otherwise). */
  template?: string;
  scheme?: KeyScheme;
  masterKey?: string;
}

export interface Provisioned {
  /** The chips linked, in the rows' order. */
  linked: { id: string; uid: string }[];
  /** A line per row refused, naming its CSV line. */
  refused: string[];
}

/**
 * Links each row's chip to its template (`createChip`) and records it in the simulated chips' state of
 * `dataDir` (its UID and counter, never a key), so a tap can be made for it.
 */
export async function provisionChips(
  dataDir: string,
  rows: ProvisionRow[],
  options: ProvisionOptions,
  createChip: CreateChip,
): Promise<Provisioned> {
  const state = await readChips(dataDir);
  const result: Provisioned = { linked: [], refused: [] };
  for (const [index, row] of rows.entries()) {
    const line = index + 2; // after the header line
    const template = options.template ?? row.template;
    if (!template) {
      result.refused.push(`line ${line}: no template (pass --template or a template column)`);
      continue;
    }
    if (options.template && row.template && row.template !== options.template) {
      result.refused.push(
        `line ${line}: template ${row.template} is not --template ${options.template}; skipped`,
      );
      continue;
    }
    const keys =
      row.metaReadKey && row.fileReadKey
        ? { metaReadKey: row.metaReadKey, fileReadKey: row.fileReadKey }
        : undefined;
    const scheme = (row.scheme || options.scheme) as KeyScheme | undefined;
    const masterKey = row.masterKey || options.masterKey;
    let item: { id: string; uid: string };
    try {
      item = await createChip(template, {
        uid: row.uid,
        ...(row.id ? { id: row.id } : {}),
        ...(scheme ? { scheme } : {}),
        ...(keys ? { keys } : {}),
        ...(masterKey && scheme?.startsWith('sdm-backend') ? { masterKey } : {}),
      });
    } catch (error) {
      result.refused.push(
        `line ${line}: ${row.uid}: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    const known = state[item.id];
    // a restored chip keeps counting where it was; its keys are never written here (tap takes them as options)
    state[item.id] = {
      uid: item.uid,
      counter: known?.uid === item.uid ? known.counter : 0,
      ...(keys || scheme?.startsWith('sdm-backend')
        ? {}
        : { scheme: scheme === 'legacy' ? 'legacy' : 'an10922' }),
    };
    result.linked.push(item);
  }
  await saveChips(dataDir, state);
  return result;
}
