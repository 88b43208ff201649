/** Parameter names of the SUN layouts a chip's URL may carry (see libs/chips sun-url.ts). */
const SUN_PARAMS = /(?:^|&)(?:auth|e|p|picc_data|cmac)=/;

/**
 * The query string a chip opened the page with, exactly as written (without `?`), when it carries a
 * SUN message in any layout: `auth=`, `e=` (and NXP's `e=…&c=…`), boltcard's `p=…&c=…`,
 * `picc_data=…&cmac=…` or `uid=…&ctr=…&cmac=…`. It is sent
 * as is: with encrypted file data the chip's MAC covers the URL text itself. Null otherwise.
 */
export function tapQuery(search: string): string | null {
  const query = search.replace(/^\?/, '');
  return SUN_PARAMS.test(query) ? query : null;
}
