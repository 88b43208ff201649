/** CSV needs quotes around a field with a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
