/** One chip row of an uploaded CSV and its line number in the file (header = line 1). */
export interface CsvChipRow {
  line: number;
  uid: string;
  metaReadKey?: string;
  fileReadKey?: string;
}

/**
 * The chip rows of a batch CSV (issue #26): a header line naming `uid` (and optionally
 * `metaReadKey`, `fileReadKey`), or no header and one UID per line. Comma or semicolon separated,
 * optional double quotes. Blank lines are skipped but counted, so row numbers are the file's lines.
 */
export function parseBatchCsv(text: string): CsvChipRow[] {
  const lines = text.split(/\r?\n/);
  const cells = (line: string) => line.split(/[,;]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const first = cells(lines[0] ?? '').map((h) => h.toLowerCase());
  const hasHeader = first.includes('uid');
  const col = (name: string) => (hasHeader ? first.indexOf(name.toLowerCase()) : name === 'uid' ? 0 : -1);
  const [uidAt, metaAt, fileAt] = [col('uid'), col('metaReadKey'), col('fileReadKey')];
  const rows: CsvChipRow[] = [];
  lines.forEach((line, i) => {
    if ((hasHeader && i === 0) || line.trim() === '') return;
    const c = cells(line);
    rows.push({
      line: i + 1,
      uid: c[uidAt] ?? '',
      ...(metaAt >= 0 && c[metaAt] ? { metaReadKey: c[metaAt] } : {}),
      ...(fileAt >= 0 && c[fileAt] ? { fileReadKey: c[fileAt] } : {}),
    });
  });
  return rows;
}

/**
 * The rows whose UID (spelt as the server reads it: spaces, colons and dashes dropped, upper case)
 * is on an earlier line of the same file: line → that first line. The file goes up in chunks, and a
 * chunk's server only sees its own rows, so it refuses a later copy as a chip already linked (by the
 * first copy); the page says what happened instead.
 */
export function repeatedUids(rows: CsvChipRow[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeated = new Map<number, number>();
  for (const row of rows) {
    const uid = row.uid.replace(/[\s:-]/g, '').toUpperCase();
    if (!uid) continue;
    const earlier = first.get(uid);
    if (earlier === undefined) first.set(uid, row.line);
    else repeated.set(row.line, earlier);
  }
  return repeated;
}
