import type { SearchGroup, SearchHit, SearchKind, SearchReply } from '@metatag/api-types';
import type { ChiplinksSearchReply, TemplatesSearchReply } from '@metatag/events';

const EMPTY_TEMPLATES: TemplatesSearchReply = {
  templates: [],
  collections: [],
  tokens: [],
  transactions: [],
};
const EMPTY_CHIPLINKS: ChiplinksSearchReply = { chiplinks: [] };

/** Order of kinds between groups whose best hits score the same. */
const KIND_ORDER: SearchKind[] = ['chip', 'link', 'token', 'template', 'collection', 'transaction'];

/** The admin pages of a template (its collection's table, else the user's panel). */
const templatePath = (chain: string, collection: string) =>
  collection ? `/${chain}/admin/collection/${collection}/nfts` : `/${chain}/admin/panel/nfts`;

/**
 * The gateway's merge of the fan-out: each service's hits become links of this app, grouped by kind,
 * the group with the best hit first. A part that did not answer is left out (null), not an error.
 */
export function mergeSearch(
  query: string,
  templates: TemplatesSearchReply | null,
  chiplinks: ChiplinksSearchReply | null,
): SearchReply {
  const t = templates ?? EMPTY_TEMPLATES;
  const c = chiplinks ?? EMPTY_CHIPLINKS;
  const hits: SearchHit[] = [
    ...c.chiplinks
      .filter((hit) => hit.matched === 'owner' || hit.matched === 'transaction')
      .map((hit): SearchHit => {
        const page = `${hit.type === 'chip' ? 'Chip' : 'Link'} ${hit.id}`;
        return hit.matched === 'owner'
          ? {
              kind: 'token',
              title: `Token ${hit.tokenId ?? ''}`,
              detail: `${page} · owned by ${query.toLowerCase()}`,
              path: `/${hit.type === 'chip' ? 'tag' : 'link'}/${hit.id}`,
              score: hit.score,
            }
          : {
              kind: 'transaction',
              title: query.toLowerCase(),
              detail: `Token ${hit.tokenId ?? ''} · ${page}`,
              path: `/${hit.type === 'chip' ? 'tag' : 'link'}/${hit.id}`,
              score: hit.score,
            };
      }),
    ...c.chiplinks
      .filter((hit) => hit.matched !== 'owner' && hit.matched !== 'transaction')
      .map((hit): SearchHit => ({
        kind: hit.matched === 'token' ? 'token' : hit.type,
        title: hit.matched === 'token' ? `Token ${query}` : hit.id,
        detail:
          hit.matched === 'token'
            ? `${hit.type === 'chip' ? 'Chip' : 'Link'} ${hit.id}`
            : hit.matched === 'uid'
              ? `${hit.type === 'chip' ? 'Chip' : 'Link'} with this UID`
              : hit.type === 'chip'
                ? 'Chip'
                : 'QR link',
        path: `/${hit.type === 'chip' ? 'tag' : 'link'}/${hit.id}`,
        score: hit.score,
      })),
    ...t.templates.map((hit): SearchHit => ({
      kind: 'template',
      title: hit.title || 'No Name',
      detail: hit.description,
      path: templatePath(hit.chain, hit.collection),
      score: hit.score,
    })),
    ...t.collections.map((hit): SearchHit => ({
      kind: 'collection',
      title: `${hit.name} (${hit.symbol})`,
      detail: `${hit.address} · ${hit.chain}`,
      path: templatePath(hit.chain, hit.address),
      score: hit.score,
    })),
    ...t.transactions.map((hit): SearchHit => ({
      kind: 'transaction',
      title: hit.hash,
      detail: `Deployed collection ${hit.what} · ${hit.chain}`,
      path: templatePath(hit.chain, hit.what),
      score: hit.score,
    })),
  ];
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);
  const ordered: SearchGroup[] = [...groups.entries()].map(([kind, list]) => ({
    kind,
    hits: list.sort((a, b) => b.score - a.score),
  }));
  ordered.sort(
    (a, b) => b.hits[0].score - a.hits[0].score || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
  return { query, groups: ordered };
}
