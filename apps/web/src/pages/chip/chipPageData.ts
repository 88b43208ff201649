import type { QueryClient } from '@tanstack/react-query';
import type { ChiplinkLookupReply, CollectionTemplate } from '@metatag/api-types';
import type { ChiplinkType } from './chipActions.js';
import { collectionTemplateQuery, lookupQuery } from './chipApi.js';

/** The id of the `<script type="application/json">` block the server puts in a chip page's HTML. */
export const CHIP_DATA_ID = 'chip-data';

/**
 * What the first paint of `/tag/{id}` and `/link/{id}` needs, rendered by the server into the page's
 * HTML (as markup, and as this data block for the browser's first render): the lookup's answer and the
 * collection's template. Data, not script: a Content-Security-Policy without inline script allows it.
 */
export interface ChipPageData {
  type: ChiplinkType;
  id: string;
  lookup: ChiplinkLookupReply;
  /** Null when the NFT has no collection (the page then uses the default template). */
  template: CollectionTemplate | null;
}

/** Puts the data where the page's queries look, so the first render has it without a request. */
export function seedChipQueries(client: QueryClient, data: ChipPageData): void {
  client.setQueryData(lookupQuery(data.type, data.id).queryKey, data.lookup);
  if (data.template && data.lookup.smartContract)
    client.setQueryData(
      collectionTemplateQuery(data.lookup.nft.chain, data.lookup.smartContract).queryKey,
      data.template,
    );
}

/** The data block of a server-rendered chip page, when this is one (and it is for this path). */
export function readChipPageData(doc: Document = document): ChipPageData | undefined {
  const text = doc.getElementById(CHIP_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as ChipPageData;
    const path = `/${data.type === 'chip' ? 'tag' : 'link'}/${encodeURIComponent(data.id)}`;
    return doc.location.pathname === path ? data : undefined;
  } catch {
    return undefined;
  }
}

/** JSON safe inside a `<script>` element: no `</script>`, no HTML comment, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
