import { InlineEdit } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { shortAddress } from '../../lib/format.js';
import type { NftTextField } from './nftFields.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

/**
 * One inline-editable field of a template: Save is disabled with 'Invalid value' while the draft
 * breaks the field's rule (spec section 5); a changed value is one `PUT /json/{chain}/nft/{id}`
 * with that field only, an unchanged one sends nothing.
 */
export function NftFieldEdit({
  chain,
  item,
  field,
}: {
  chain: ChainName;
  item: NftTemplate;
  field: NftTextField;
}) {
  const update = useUpdateNftField(chain);
  const current = field.read(item);
  return (
    <InlineEdit
      value={current}
      label={`${field.label} of NFT ${item.id}`}
      validate={field.validate}
      sanitize={field.sanitize}
      placeholder={field.placeholder}
      inputMode={field.inputMode}
      multiline={field.multiline}
      renderValue={
        field.short
          ? (value) => (
              <span className="mono" title={value}>
                {shortAddress(value)}
              </span>
            )
          : undefined
      }
      onSave={async (draft) => {
        const value = field.write(draft);
        if (String(value) === current) return;
        await update.mutateAsync({ id: item.id, field: field.key, value });
      }}
    />
  );
}
