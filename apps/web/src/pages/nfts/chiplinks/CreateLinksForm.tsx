import { useState, type FormEvent } from 'react';
import { Button, TextInput } from '@metatag/ui';
import { CANNOT_LINK } from '../../../lib/texts.js';
import { errorDetail } from '../../../session/loginOutcome.js';
import { MAX_LINK_BATCH, parseBatchCount } from './chiplinkRules.js';
import { useCreateLinks, type ChiplinkScope } from './chiplinksApi.js';

/**
 * Batch creation of QR links (spec sections 2 and 5): a negative (or empty) count cancels with no
 * request; a failure alerts 'Cannot link' (section 8).
 */
export function CreateLinksForm({ scope }: { scope: ChiplinkScope }) {
  const create = useCreateLinks(scope);
  const [value, setValue] = useState('1');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const parsed = parseBatchCount(value);
    if (parsed.kind === 'cancel') {
      setInvalid(null);
      return;
    }
    if (parsed.kind === 'invalid') {
      setInvalid(parsed.message);
      return;
    }
    try {
      const { items } = await create.mutateAsync(parsed.value);
      setDone(`${items.length} QR link${items.length === 1 ? '' : 's'} created.`);
    } catch (error) {
      setFailure(errorDetail(error) ?? null);
      window.alert(CANNOT_LINK);
    }
  };

  return (
    <form
      className="chiplinks__form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={`Create QR links for NFT ${scope.nftId}`}
    >
      <TextInput
        type="number"
        step={1}
        max={MAX_LINK_BATCH}
        className="chiplinks__count"
        aria-label={`Number of QR links for NFT ${scope.nftId}`}
        value={value}
        invalid={invalid !== null}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(null);
          setDone(null);
        }}
      />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        Create QR links
      </Button>
      {invalid && <span className="mt-error-text">{invalid}</span>}
      {failure && (
        <span className="mt-error-text" role="alert">
          {CANNOT_LINK}: {failure}
        </span>
      )}
      {done && (
        <span className="notice" role="status">
          {done}
        </span>
      )}
    </form>
  );
}
