import { fileURLToPath } from 'node:url';

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));
const START = '<!-- config:start -->';
const END = '<!-- config:end -->';

export function configTableOf(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  return readme.slice(start + START.length, end).trim();
}

export function replaceConfigTable(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}
