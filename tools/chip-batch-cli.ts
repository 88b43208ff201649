// `npm run chip -- batch <create|list|update|import|chips|export|rotate> …` (issue #26): chip batches through
// @metatag/sdk, as the admin's batch page does them. Keys never pass through this tool's files: a
// batch's master is sealed by the server, imported keys go from the CSV to the API only.
//
//   batch create --template N --batch-name NAME --scheme an10922|sdm-backend|imported [--master-key HEX]
//                [--meta-key HEX] --mode aes|lrp|plain [--form NAME --base URL [--enc N] | --form-template T --mac-from X [--enc N]]
//                [--tt] [--counter-jump N]
//   batch list --template N
//   batch update --batch B [--template N] [--batch-name NAME] [--form NAME --base URL [--enc N] | --form-template T
//                --mac-from X [--enc N] | --per-chip] [--tt | --no-tt] [--counter-jump N|none]
//   batch import --batch B --csv FILE        (columns uid[,metaReadKey,fileReadKey]; progress on stderr, bad rows by line)
//   batch chips --batch B
//   batch export --batch B [--out FILE]
//   batch rotate --batch B [--master-key HEX]   (an10922; sdm-backend: the fleet's new master, required)
//   batch rotate --batch B --csv FILE [--meta-key HEX]   (imported: new keys, columns uid,fileReadKey[,metaReadKey])
import { readFile, writeFile } from 'node:fs/promises';
import { MetaTagApiError, type MetaTag } from '@metatag/sdk';
import { pathForm, READY_FORM_NAMES, readyForm, type BatchUrlForm, type ReadyFormName } from '@metatag/chips';

export interface BatchOptions {
  sub: string;
  template?: string;
  name?: string;
  scheme?: string;
  masterKey?: string;
  metaKey?: string;
  mode?: string;
  form?: string;
  base?: string;
  formTemplate?: string;
  macFrom?: string;
  enc?: number;
  tt?: boolean;
  noTt?: boolean;
  perChip?: boolean;
  /** null: never flagged (`--counter-jump none`) */
  counterJump?: number | null;
  batch?: string;
  csv?: string;
  out?: string;
}

type Fail = (message: string) => never;

/** The batch's URL form from the options: a ready form on a base URL, or a template with its MAC-input start. */
export function formOf(o: BatchOptions, fail: Fail): BatchUrlForm | null {
  if (o.formTemplate) {
    const from = (o.macFrom ?? 'MAC') as BatchUrlForm['macInputFrom'];
    if (!['MAC', 'ENC', 'PICC', 'UID', 'URL'].includes(from))
      fail('--mac-from is MAC, ENC, PICC, UID or URL');
    return { template: o.formTemplate, macInputFrom: from, ...(o.enc ? { encLength: o.enc } : {}) };
  }
  if (!o.form) return null;
  if (!o.base) fail('--form needs --base (e.g. https://brand.example/tag)');
  if (o.form === 'path') return pathForm(o.base!, !!o.enc, o.enc);
  if (!(READY_FORM_NAMES as string[]).includes(o.form))
    fail(`--form is one of ${[...READY_FORM_NAMES, 'path'].join(', ')}`);
  return readyForm(o.form as ReadyFormName, o.base!, !!o.enc, o.enc);
}

/** Minimal CSV: comma-separated, optional double quotes, a header line. */
export function csvRows(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const cells = (line: string) =>
    [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"').trim());
  const [header, ...body] = lines.map(cells);
  if (!header) return [];
  return body.map((c) => Object.fromEntries(header.map((h, i) => [h, c[i] ?? ''])));
}

export async function batchCommand(metatag: MetaTag, o: BatchOptions, fail: Fail): Promise<void> {
  const need = (value: string | undefined, flag: string) => value ?? fail(`batch ${o.sub} needs ${flag}`);
  try {
    switch (o.sub) {
      case 'create': {
        const batch = await metatag.createBatch({
          nftId: Number(need(o.template, '--template')),
          name: need(o.name, '--batch-name'),
          scheme: need(o.scheme, '--scheme') as 'an10922' | 'sdm-backend' | 'imported',
          ...(o.masterKey ? { masterKey: o.masterKey } : {}),
          ...(o.metaKey ? { metaReadKey: o.metaKey } : {}),
          mode: need(o.mode, '--mode') as 'aes' | 'lrp' | 'plain',
          urlForm: formOf(o, fail),
          tagTamper: !!o.tt,
          ...(o.counterJump !== undefined ? { counterJump: o.counterJump } : {}),
        });
        console.log(JSON.stringify(batch));
        return;
      }
      case 'list':
        for (const b of (await metatag.batches(Number(need(o.template, '--template')))).items)
          console.log(
            `${b.id}\t${b.name}\t${b.scheme}\t${b.mode}\tv${b.keyVersion}\t${b.chips} chips\t${b.urlForm?.template ?? 'per-chip URLs'}`,
          );
        return;
      case 'update': {
        // only what the flags name changes: the API's PUT takes a partial batch
        const form = o.perChip ? null : formOf(o, fail);
        if (o.tt && o.noTt) fail('--tt and --no-tt together');
        const patch = {
          ...(o.template !== undefined ? { nftId: Number(o.template) } : {}),
          ...(o.name !== undefined ? { name: o.name } : {}),
          ...(form !== null || o.perChip ? { urlForm: form } : {}),
          ...(o.tt || o.noTt ? { tagTamper: !!o.tt } : {}),
          ...(o.counterJump !== undefined ? { counterJump: o.counterJump } : {}),
        };
        if (Object.keys(patch).length === 0)
          fail(
            'batch update changes nothing: give --template, --batch-name, a URL form or --per-chip, --tt/--no-tt or --counter-jump',
          );
        if (patch.nftId !== undefined && !(Number.isInteger(patch.nftId) && patch.nftId > 0))
          fail('--template is an NFT template id');
        console.log(JSON.stringify(await metatag.updateBatch(need(o.batch, '--batch'), patch)));
        return;
      }
      case 'import': {
        const rows = csvRows(await readFile(need(o.csv, '--csv'), 'utf8'));
        if (rows.length === 0) fail('the CSV has no rows');
        const started = Date.now();
        const result = await metatag.importBatchChips(
          need(o.batch, '--batch'),
          rows.map((r) => ({
            uid: r.uid ?? '',
            ...(r.metaReadKey ? { metaReadKey: r.metaReadKey } : {}),
            ...(r.fileReadKey ? { fileReadKey: r.fileReadKey } : {}),
          })),
          { firstRow: 2, onProgress: (done, total) => console.error(`${done}/${total} rows`) },
        );
        for (const e of result.errors) console.error(`line ${e.row}: ${e.uid}: ${e.error}`);
        console.log(
          JSON.stringify({
            added: result.added,
            errors: result.errors.length,
            seconds: (Date.now() - started) / 1000,
          }),
        );
        if (result.errors.length) process.exitCode = 1;
        return;
      }
      case 'chips': {
        let after = 0;
        for (;;) {
          const page = await metatag.batchChips(need(o.batch, '--batch'), after, 1000);
          for (const c of page.items)
            console.log(
              `${c.id}\t${c.uid}\tv${c.keyVersion}${c.pendingVersion ? '+' : ''}\t${c.lastCounter}\t${c.tamper ?? ''}`,
            );
          if (page.next === null) return;
          after = page.next;
        }
      }
      case 'export': {
        const text = await metatag.batchChipsCsv(need(o.batch, '--batch'));
        if (o.out) await writeFile(o.out, text);
        else process.stdout.write(text);
        return;
      }
      case 'rotate': {
        // imported batches rotate to the keys of a CSV; the others to a master (keys go to the API only)
        const chips = o.csv
          ? csvRows(await readFile(o.csv, 'utf8')).map((r) => ({
              uid: r.uid ?? '',
              ...(r.metaReadKey ? { metaReadKey: r.metaReadKey } : {}),
              ...(r.fileReadKey ? { fileReadKey: r.fileReadKey } : {}),
            }))
          : undefined;
        if (chips && chips.length === 0) fail('the CSV has no rows');
        console.log(
          JSON.stringify(
            await metatag.rotateBatch(need(o.batch, '--batch'), {
              ...(o.masterKey ? { masterKey: o.masterKey } : {}),
              ...(o.metaKey ? { metaReadKey: o.metaKey } : {}),
              ...(chips ? { chips } : {}),
            }),
          ),
        );
        return;
      }
      default:
        fail(
          'usage: npm run chip -- batch <create|list|update|import|chips|export|rotate> (see tools/chip-batch-cli.ts)',
        );
    }
  } catch (error) {
    fail(error instanceof MetaTagApiError ? error.message : String(error));
  }
}
