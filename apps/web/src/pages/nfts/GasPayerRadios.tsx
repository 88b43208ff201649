import { useState } from 'react';
import type { GasPayer } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

const CHOICES: { value: GasPayer; label: string }[] = [
  { value: 'visitor', label: "The visitor's wallet" },
  { value: 'owner', label: 'Me, from my relayer balance (gasless claim)' },
];

/**
 * Who pays a free mint's gas (issue #29). 'Me': 'Mint and Claim' sends nothing from the visitor's
 * wallet; after a verified tap the relayer mints to the visitor, each mint reserved from the owner's
 * relayer balance like a manual mint. A paid template keeps the buyer's own transaction either way.
 */
export function GasPayerRadios({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  // shown at once while the PUT is under way (as MultiMintRadios does), back to the saved value on error
  const [chosen, setChosen] = useState<{ value: GasPayer; of: NftTemplate } | null>(null);
  const shown = chosen?.of === item ? chosen.value : item.gasPaidBy;
  const set = (value: GasPayer) => {
    setChosen({ value, of: item });
    update.mutate(
      { id: item.id, field: 'gasPaidBy', value },
      {
        onError: (error) => {
          setChosen(null);
          window.alert(errorDetail(error) ?? 'server error');
        },
      },
    );
  };
  return (
    <div className="multi-mint">
      <fieldset className="multi-mint__group" disabled={update.isPending} data-testid="gas-payer">
        <legend>Gas of a free mint</legend>
        {CHOICES.map(({ value, label }) => (
          <label key={value}>
            <input
              type="radio"
              name={`gasPaidBy-${item.id}`}
              value={value}
              checked={shown === value}
              onChange={() => set(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
