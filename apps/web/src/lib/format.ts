const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Spec section 9: dates are shown as DD/MM/YYYY HH:mm:ss, in the browser's time zone. A value that
 * is not a date is shown as is.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return (
    `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** `0x1234567890abcdef…` -> `0x1234…cdef`; shorter values are returned unchanged. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '';
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A byte count for people: `950 B`, `12.3 KB`, `4.0 MB` (decimal units, as the 100 MB limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
