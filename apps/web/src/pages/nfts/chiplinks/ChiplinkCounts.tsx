import type { NftTemplate } from '../nftsApi.js';
import { useChiplinks, type ChiplinkScope } from './chiplinksApi.js';

/**
 * A template's chip and link counts: the tables' totals (the chiplinks service counts the live rows)
 * once they are loaded, the template's own fields until then.
 */
export function ChiplinkCounts({ item, scope }: { item: NftTemplate; scope: ChiplinkScope }) {
  const chips = useChiplinks('chip', scope).data?.total ?? item.chips;
  const links = useChiplinks('link', scope).data?.total ?? item.links;
  return (
    <>
      {chips} / {links}
    </>
  );
}
