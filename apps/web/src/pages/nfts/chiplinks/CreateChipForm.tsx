import { useState, type FormEvent } from 'react';
import { Button, TextInput } from '@metatag/ui';
import { CANNOT_LINK } from '../../../lib/texts.js';
import { errorDetail } from '../../../session/loginOutcome.js';
import { parseChipId } from './chiplinkRules.js';
import { useCreateChip, type ChiplinkScope } from './chiplinksApi.js';

/**
 * Single chip creation with its chip id, the UID (spec sections 2 and 5): an empty id cancels (no
 * request); a failure alerts 'Cannot link' (section 8).
 */
export function CreateChipForm({ scope }: { scope: ChiplinkScope }) {
  const create = useCreateChip(scope);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const parsed = parseChipId(value);
    if (parsed.kind === 'cancel') {
      setInvalid(null);
      return;
    }
    if (parsed.kind === 'invalid') {
      setInvalid(parsed.message);
      return;
    }
    try {
      const { item } = await create.mutateAsync(parsed.value);
      setValue('');
      setDone(`Chip ${item.id} linked.`);
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
      aria-label={`Link a chip to NFT ${scope.nftId}`}
    >
      <TextInput
        aria-label={`Chip id for NFT ${scope.nftId}`}
        placeholder="Chip id (UID, 14 hex digits)"
        value={value}
        invalid={invalid !== null}
        spellCheck={false}
        autoComplete="off"
        maxLength={64}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(null);
          setDone(null);
        }}
      />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        Link chip
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
