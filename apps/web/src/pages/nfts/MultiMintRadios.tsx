import { useState } from 'react';
import type { ChainName } from '../../lib/chains.js';
import { MULTIPLE_NFTS_PER, ONE_NFT_PER } from '../../lib/texts.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

const GROUPS = [
  { field: 'isMultiMintEnabledchip', legend: 'Chips' },
  { field: 'isMultiMintEnabledlink', legend: 'Links' },
] as const;

type Field = (typeof GROUPS)[number]['field'];

/**
 * Multi-mint mode per chip type and per link type (spec section 4): 'One NFT per chip or link'
 * (one mint on the first scan) or 'Multiple NFTs per chip or link' (a mint on each scan).
 */
export function MultiMintRadios({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  // The chosen mode shows at once, while its PUT is under way, until the saved template arrives (a
  // new item object), or goes back to the saved mode if the PUT fails. It is React state set in the
  // click's own event: the mutation's state reaches React a task later, and the controlled radio
  // would show the old mode in between (a flaky E2E on a busy CI machine).
  const [chosen, setChosen] = useState<{ field: Field; value: boolean; of: NftTemplate } | null>(null);
  const set = (field: Field, value: boolean) => {
    setChosen({ field, value, of: item });
    update.mutate(
      { id: item.id, field, value },
      {
        onError: (error) => {
          setChosen(null);
          window.alert(errorDetail(error) ?? 'server error');
        },
      },
    );
  };
  const shown = (field: Field): boolean =>
    chosen?.of === item && chosen.field === field ? chosen.value : item[field];
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
