import { ADDRESS_PATTERN, MAX_ALLOWLIST } from '@metatag/api-types';

export interface CsvRowError {
  /** 1-based line of the file. */
  row: number;
  text: string;
  message: string;
}

/**
 * An allowlist CSV (issue #32 item 3): one address per line, in the first column; a header line
 * ('address', 'wallet') and blank lines are skipped. Every other line that is not an address is an
 * error naming its line, so the owner can fix the file; duplicates count once.
 */
export function parseAllowlistCsv(text: string): { addresses: string[]; errors: CsvRowError[] } {
  const addresses = new Set<string>();
  const errors: CsvRowError[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const cell = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"|"$/g, '');
    if (cell === '') return;
    if (i === 0 && /^(address|wallet)$/i.test(cell)) return;
    if (!ADDRESS_PATTERN.test(cell.toLowerCase())) {
      errors.push({
        row: i + 1,
        text: cell.slice(0, 60),
        message: 'not an Ethereum address (0x and 40 hex digits)',
      });
      return;
    }
    addresses.add(cell.toLowerCase());
  });
  if (addresses.size > MAX_ALLOWLIST)
    errors.push({ row: 0, text: '', message: `more than ${MAX_ALLOWLIST} addresses in one phase` });
  return { addresses: [...addresses], errors };
}
