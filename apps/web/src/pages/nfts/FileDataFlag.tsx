import { useState } from 'react';
import type { ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

/**
 * Whether the public chip page shows a tap's decrypted file data (issue #26 item 6): off by default,
 * the owner always sees it in the scans. The choice shows at once while its PUT is under way (as the
 * multi-mint radios do) and goes back if the PUT fails.
 */
export function FileDataFlag({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  const [chosen, setChosen] = useState<{ value: boolean; of: NftTemplate } | null>(null);
  const shown = chosen?.of === item ? chosen.value : item.showFileData === true;
  const set = (value: boolean) => {
    setChosen({ value, of: item });
    update.mutate(
      { id: item.id, field: 'showFileData', value },
      {
        onError: (error) => {
          setChosen(null);
          window.alert(errorDetail(error) ?? 'server error');
        },
      },
    );
  };
  return (
    <label className="file-data-flag">
      <input
        type="checkbox"
        checked={shown}
        disabled={update.isPending}
        onChange={(event) => set(event.target.checked)}
      />
      Show a chip&apos;s file data on its public page (text when printable, hex otherwise)
    </label>
  );
}
