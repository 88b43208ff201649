import type { ChainName } from '../../lib/chains.js';
import { MULTIPLE_NFTS_PER, ONE_NFT_PER } from '../../lib/texts.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

const GROUPS = [
  { field: 'isMultiMintEnabledchip', legend: 'Chips' },
  { field: 'isMultiMintEnabledlink', legend: 'Links' },
] as const;

/**
 * Multi-mint mode per chip type and per link type (spec section 4): 'One NFT per chip or link'
 * (one mint on the first scan) or 'Multiple NFTs per chip or link' (a mint on each scan).
 */
export function MultiMintRadios({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  const set = (field: (typeof GROUPS)[number]['field'], value: boolean) =>
    update.mutate(
      { id: item.id, field, value },
      { onError: (error) => window.alert(errorDetail(error) ?? 'server error') },
    );
  // The chosen mode shows at once, while its PUT is under way (back to the saved one if it fails).
  const shown = (field: (typeof GROUPS)[number]['field']): boolean =>
    update.isPending && update.variables.field === field ? update.variables.value === true : item[field];
  return (
    <div className="multi-mint">
      {GROUPS.map(({ field, legend }) => (
        <fieldset key={field} className="multi-mint__group" disabled={update.isPending}>
          <legend>{legend}</legend>
          <label>
            <input
              type="radio"
              name={`${field}-${item.id}`}
              checked={!shown(field)}
              onChange={() => set(field, false)}
            />
            {ONE_NFT_PER}
          </label>
          <label>
            <input
              type="radio"
              name={`${field}-${item.id}`}
              checked={shown(field)}
              onChange={() => set(field, true)}
            />
            {MULTIPLE_NFTS_PER}
          </label>
        </fieldset>
      ))}
    </div>
  );
}
